/**
 * What `pm install` learns from an APK: package name, version and launcher activity, read from the binary
 * AndroidManifest.xml inside the zip (fflate unzips). The binary XML reader is written here because it needs only
 * the string pool, the resource-id map and start-element chunks (AOSP frameworks/base/libs/androidfw
 * ResourceTypes.h: ResChunk_header, ResStringPool_header, ResXMLTree_attrExt, Res_value), while the npm APK
 * readers pull in whole resource-table decoders and promise libraries.
 */
import { unzipSync } from 'fflate';

export interface ApkInfo {
  package: string;
  versionCode: number;
  versionName: string | undefined;
  /** Fully qualified `pkg/pkg.Activity` of the MAIN/LAUNCHER activity, if the app has one. */
  launcher: string | undefined;
  /** `<instrumentation>` runners the APK declares (a test APK's), as `pkg/Runner` with their target package. */
  instrumentation: Array<{ component: string; target: string }>;
}

const RES_STRING_POOL = 0x0001;
const RES_XML = 0x0003;
const RES_XML_START_ELEMENT = 0x0102;
const RES_XML_END_ELEMENT = 0x0103;
const RES_XML_RESOURCE_MAP = 0x0180;
const UTF8_FLAG = 0x100;
const TYPE_STRING = 0x03;
// android.R.attr ids, used when an obfuscated manifest leaves attribute names empty.
const ATTR_IDS: Record<number, string> = { 0x01010003: 'name', 0x0101021b: 'versionCode', 0x0101021c: 'versionName' };

interface Element {
  name: string;
  attrs: Map<string, string | number>;
  end: boolean;
}

function readStringPool(b: Buffer, at: number): string[] {
  const count = b.readUInt32LE(at + 8);
  const utf8 = (b.readUInt32LE(at + 16) & UTF8_FLAG) !== 0;
  const stringsStart = at + b.readUInt32LE(at + 20);
  const headerSize = b.readUInt16LE(at + 2);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let p = stringsStart + b.readUInt32LE(at + headerSize + i * 4);
    if (utf8) {
      // utf16 length, then utf8 length (each 1 or 2 bytes), then the bytes.
      p += (b[p]! & 0x80) !== 0 ? 2 : 1;
      let len = b[p]!;
      if ((len & 0x80) !== 0) len = ((len & 0x7f) << 8) | b[++p]!;
      p++;
      out.push(b.toString('utf8', p, p + len));
    } else {
      let len = b.readUInt16LE(p);
      p += 2;
      if ((len & 0x8000) !== 0) {
        len = ((len & 0x7fff) << 16) | b.readUInt16LE(p);
        p += 2;
      }
      out.push(b.toString('utf16le', p, p + len * 2));
    }
  }
  return out;
}

/** The elements of a binary XML document in order (start and end), attributes by local name. */
export function readBinaryXml(data: Uint8Array): Element[] {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length < 8 || b.readUInt16LE(0) !== RES_XML) throw new Error('not a binary XML document');
  let strings: string[] = [];
  let resIds: number[] = [];
  const out: Element[] = [];
  const str = (i: number): string => (i === 0xffffffff ? '' : (strings[i] ?? ''));
  for (let at = b.readUInt16LE(2); at + 8 <= b.length;) {
    const type = b.readUInt16LE(at);
    const size = b.readUInt32LE(at + 4);
    if (size < 8 || at + size > b.length) throw new Error('truncated binary XML chunk');
    if (type === RES_STRING_POOL) strings = readStringPool(b, at);
    else if (type === RES_XML_RESOURCE_MAP) {
      resIds = [];
      for (let p = at + 8; p < at + size; p += 4) resIds.push(b.readUInt32LE(p));
    } else if (type === RES_XML_START_ELEMENT) {
      const ext = at + b.readUInt16LE(at + 2);
      const attrStart = b.readUInt16LE(ext + 8);
      const attrSize = b.readUInt16LE(ext + 10);
      const attrCount = b.readUInt16LE(ext + 12);
      const attrs = new Map<string, string | number>();
      for (let i = 0; i < attrCount; i++) {
        const a = ext + attrStart + i * attrSize;
        const nameIdx = b.readUInt32LE(a + 4);
        const name = str(nameIdx) || (ATTR_IDS[resIds[nameIdx] ?? 0] ?? '');
        const raw = b.readUInt32LE(a + 8);
        const dataType = b[a + 15]!;
        const value = b.readUInt32LE(a + 16);
        attrs.set(name, raw !== 0xffffffff ? str(raw) : dataType === TYPE_STRING ? str(value) : value);
      }
      out.push({ name: str(b.readUInt32LE(ext + 4)), attrs, end: false });
    } else if (type === RES_XML_END_ELEMENT) {
      out.push({ name: str(b.readUInt32LE(at + 16 + 4)), attrs: new Map(), end: true });
    }
    at += size;
  }
  return out;
}

function qualify(pkg: string, name: string): string {
  return `${pkg}/${name.startsWith('.') ? pkg + name : name.includes('.') ? name : `${pkg}.${name}`}`;
}

/** Package, version and launcher of an APK, or undefined when the bytes are not an APK with a manifest. */
export function readApk(apk: Uint8Array): ApkInfo | undefined {
  let manifest: Uint8Array | undefined;
  try {
    // A manifest is KBs; one that claims more is a bomb, and the package is treated as not an APK.
    manifest = unzipSync(apk, { filter: (f) => f.name === 'AndroidManifest.xml' && f.originalSize <= 8 * 1024 * 1024 })[
      'AndroidManifest.xml'
    ];
  } catch {
    return undefined;
  }
  if (manifest === undefined) return undefined;
  let elements: Element[];
  try {
    elements = readBinaryXml(manifest);
  } catch {
    return undefined;
  }
  const root = elements.find((e) => !e.end && e.name === 'manifest');
  const pkg = root?.attrs.get('package');
  if (typeof pkg !== 'string' || pkg === '') return undefined;
  const code = root!.attrs.get('versionCode');
  const name = root!.attrs.get('versionName');
  // The first activity whose intent filter has action MAIN and category LAUNCHER.
  let launcher: string | undefined;
  let activity: string | undefined;
  let main = false;
  let cat = false;
  for (const e of elements) {
    if ((e.name === 'activity' || e.name === 'activity-alias') && !e.end) activity = String(e.attrs.get('name') ?? '');
    else if (e.name === 'intent-filter' && !e.end) main = cat = false;
    else if (e.name === 'action' && !e.end) main ||= e.attrs.get('name') === 'android.intent.action.MAIN';
    else if (e.name === 'category' && !e.end) cat ||= e.attrs.get('name') === 'android.intent.category.LAUNCHER';
    else if (e.name === 'intent-filter' && e.end && main && cat && activity !== undefined) launcher ??= qualify(pkg, activity);
  }
  const instrumentation = elements
    .filter((e) => !e.end && e.name === 'instrumentation')
    // ComponentName.flattenToShortString, as `pm list instrumentation` prints it: `pkg/.Runner` inside the package.
    .map((e) => {
      const name = String(e.attrs.get('name') ?? '');
      const short = name.startsWith(`${pkg}.`) ? name.slice(pkg.length) : name;
      return { component: `${pkg}/${short}`, target: String(e.attrs.get('targetPackage') ?? pkg) };
    });
  return {
    package: pkg,
    instrumentation,
    versionCode: typeof code === 'number' ? code : Number(code ?? 0) || 0,
    versionName: name === undefined ? undefined : String(name),
    launcher,
  };
}
