/**
 * The seam between the ADB device-side transport (this folder: packets, streams, flow control) and whatever
 * answers services on the "device" (src/device/virtual: a shell, sync file system, tcp: endpoints).
 * The transport never interprets a service name; the device never sees a packet.
 */

/** Identity the device announces in its CNXN banner (`device::ro.product.name=…;…;features=…`). */
export interface DeviceBanner {
  product: string;
  model: string;
  device: string;
  features: readonly string[];
}

/** What a service session may do with its stream. */
export interface ServiceIO {
  /**
   * Send bytes to the host. The transport splits them into WRTE packets no larger than the negotiated max
   * payload and waits for the host's OKAY after each; the promise resolves when all were acknowledged and
   * rejects if the stream or connection closed first.
   */
  write(data: Uint8Array): Promise<void>;
  /** Close the stream from the device side (sends CLSE once; later calls do nothing). */
  close(): void;
}

/** One open stream on the device side. */
export interface ServiceSession {
  /** Bytes the host wrote (one call per WRTE; the transport sends OKAY after this returns or resolves). */
  input(data: Uint8Array): void | Promise<void>;
  /** The host closed the stream, or the connection dropped. Called at most once. */
  closed(): void;
}

/** The device's answer to OPEN. */
export interface DeviceServices {
  banner(): DeviceBanner;
  /**
   * Open a service by its ADB name as the host sent it, without the trailing NUL
   * (`shell,v2,TERM=xterm,raw:ls`, `shell:ls`, `exec:screencap -p`, `sync:`, `tcp:8080`, `reboot:` …).
   * Return undefined to refuse it (the transport answers CLSE).
   */
  open(service: string, io: ServiceIO): ServiceSession | undefined;
}
