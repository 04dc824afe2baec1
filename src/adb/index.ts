/**
 * The ADB layer's protocol surface, free of node I/O: explicit named exports only. The node adapters (TCP,
 * the adb binary, key files) are imported from node/ directly, or through the package's `glance-mobile/adb`.
 *
 *   // host side, through the adb server (node/host.ts: 127.0.0.1:$ANDROID_ADB_SERVER_PORT or 5037)
 *   const client = new AdbClient(createServerTransport());
 *   const devices = await client.devices();                       // DeviceInfo[]
 *   const phone = await client.device({ serial, envSerial: process.env.ANDROID_SERIAL });
 *   const { stdout, stderr, exitCode } = await phone.shell('getprop ro.product.model', { timeoutMs: 5000 });
 *   const png = await phone.exec('screencap -p');
 *   await phone.push('/data/local/tmp/x', bytes); const back = await phone.pull('/data/local/tmp/x');
 *
 *   // host side, straight to a device port (no server), or in-process
 *   const direct = new AdbClient(await connectDirect({ port: 5555 }));
 *   const local = new AdbClient(await connectInMemory(services));
 *
 *   // device side (node/listen.ts)
 *   const listener = await listenDevice({ port: 0, services }); // `adb connect 127.0.0.1:${listener.port}`
 */

// Byte streams and calls
export { ChunkQueue, StreamReader, createStreamPair } from './stream.js';
export type { ByteStream } from './stream.js';
export { runCall, DEFAULT_QUERY_TIMEOUT_MS, DEFAULT_COMMAND_TIMEOUT_MS } from './call.js';
export type { CallOptions, CallScope } from './call.js';

// Transport packets
export {
  A_SYNC,
  A_CNXN,
  A_AUTH,
  A_OPEN,
  A_OKAY,
  A_CLSE,
  A_WRTE,
  A_STLS,
  A_VERSION,
  A_VERSION_MIN,
  A_VERSION_SKIP_CHECKSUM,
  AUTH_TOKEN,
  AUTH_SIGNATURE,
  AUTH_RSAPUBLICKEY,
  MAX_PAYLOAD_V1,
  MAX_PAYLOAD_HOST,
  MAX_PAYLOAD_DEVICE,
  HEADER_SIZE,
  PacketDecoder,
  encodePacket,
  payloadChecksum,
  commandName,
  formatBanner,
  parseBanner,
} from './packet.js';
export type { AdbPacket, PacketDecoderOptions, ParsedBanner } from './packet.js';
export { encodeAdbPublicKey, decodeAdbPublicKey, signAuthToken, verifyAuthSignature } from './auth.js';

// Shell v2 and sync protocols
export { ShellId, ShellPacketDecoder, encodeShellPacket, encodeShellExit, parseShellServiceName } from './shell-protocol.js';
export type { ShellPacket, ShellPacketId, ShellServiceName } from './shell-protocol.js';
export {
  SYNC_DATA_MAX,
  SYNC_PATH_MAX,
  S_IFMT,
  S_IFDIR,
  S_IFREG,
  S_IFLNK,
  ENOENT,
  isDirectory,
  encodeSyncRequest,
  encodeSyncSend,
  encodeSyncData,
  encodeSyncDataChunks,
  encodeSyncDone,
  encodeSyncQuit,
  encodeSyncOkay,
  encodeSyncFail,
  encodeStatV1,
  encodeStatV2,
  encodeDentV1,
  encodeDentV2,
  encodeListDone,
  SyncRequestDecoder,
  readSyncStatus,
  readStatV1,
  readStatV2,
  readListing,
  readRecv,
} from './sync-protocol.js';
export type { SyncStat, SyncEntry, SyncRequest, SyncRequestId } from './sync-protocol.js';

// Device side
export type { DeviceBanner, DeviceServices, ServiceIO, ServiceSession } from './services.js';
export { serveDevice, bannerText } from './device-endpoint.js';
export type { DeviceEndpointOptions, DeviceAuthOptions } from './device-endpoint.js';
export { openShellService, createSyncSession, makeStat } from './device-services.js';
export type { ShellResult, ShellRunner, SyncFileSystem } from './device-services.js';

// Host side
export type { AdbTransport, DeviceInfo } from './transport.js';
export { parseDeviceList } from './transport.js';
export { resolveSerial } from './select.js';
export { AdbServerClient, mapServerFailure } from './server-transport.js';
export type { ForwardEntry, ServerDialer, AdbServerClientOptions } from './server-transport.js';
export { DirectTransport, HOST_FEATURES } from './direct-transport.js';
export { connectInMemory } from './in-memory.js';
export type { InMemoryOptions } from './in-memory.js';
export type { DirectConnectOptions } from './direct-transport.js';
export { AdbClient, AdbDeviceClient } from './client.js';
export type { ShellOutput, ShellOptions, PushOptions, DeviceSelection } from './client.js';
