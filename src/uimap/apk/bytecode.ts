/**
 * Bytecode facts: the same per-function uses the source pass records (code/facts.ts), read from Dalvik
 * instructions — const-class and new-instance (classes), const-string, invocations, R constants inlined as
 * integers (looked up in the resource table), and the trigger a listener runs under: the view id that
 * `findViewById` returned (or the view field, view-binding property) on which `set…Listener` received the
 * listener object, and the menu/view id a handler compares `getItemId()`/`getId()` with.
 */
import type { ClassFacts, FileFacts, FunctionFacts, ResType, TriggerContext, Use } from '../code/facts.js';
import { LISTENER, listenerKind } from '../code/calls.js';
import { MENU_FUNCTIONS } from '../code/visitors.js';
import type { ResourceTable } from './arsc.js';
import type { DexClass, DexFile, DexMethod } from './dex.js';

/** Code units per opcode (the Dalvik instruction formats); payload pseudo-instructions are sized apart. */
const SIZE = new Uint8Array(256).fill(1);
const sized = (from: number, to: number, n: number): void => {
  for (let op = from; op <= to; op++) SIZE[op] = n;
};
sized(0x02, 0x02, 2);
sized(0x03, 0x03, 3);
sized(0x05, 0x05, 2);
sized(0x06, 0x06, 3);
sized(0x08, 0x08, 2);
sized(0x09, 0x09, 3);
sized(0x13, 0x13, 2);
sized(0x14, 0x14, 3);
sized(0x15, 0x16, 2);
sized(0x17, 0x17, 3);
sized(0x18, 0x18, 5);
sized(0x19, 0x1a, 2);
sized(0x1b, 0x1b, 3);
sized(0x1c, 0x1c, 2);
sized(0x1f, 0x20, 2);
sized(0x22, 0x23, 2);
sized(0x24, 0x26, 3);
sized(0x29, 0x29, 2);
sized(0x2a, 0x2c, 3);
sized(0x2d, 0x3d, 2);
sized(0x44, 0x6d, 2);
sized(0x6e, 0x72, 3);
sized(0x74, 0x78, 3);
sized(0x90, 0xaf, 2);
sized(0xd0, 0xe2, 2);
sized(0xfa, 0xfb, 4);
sized(0xfc, 0xfd, 3);
sized(0xfe, 0xff, 2);

const RES_TYPES = new Set<ResType>(['layout', 'menu', 'navigation', 'xml', 'id', 'string']);
const FIND_VIEW = /^(find\w*ViewById|_\$_findCachedViewById|requireViewById)$/;
const GET_ID = new Set(['getItemId', 'getId']);

/** What a register is known to hold. */
interface Reg {
  int?: number;
  /** A view: an id name, a field or view-binding property name. */
  view?: string;
  /** A new object of a class, and the use that records it. */
  cls?: string;
  newUse?: Use & { t: 'new' };
  /** The id of the view / menu item a handler was called for. */
  isId?: boolean;
}

/** Width in code units of the instruction at `pc` (payloads included). */
function width(insns: Uint16Array, pc: number): number {
  const unit = insns[pc] ?? 0;
  const op = unit & 0xff;
  if (op === 0x00 && unit !== 0) {
    const size = insns[pc + 1] ?? 0;
    if (unit === 0x0100) return size * 2 + 4;
    if (unit === 0x0200) return size * 4 + 2;
    // fill-array-data-payload: element width, then a 32-bit element count, then the data
    if (unit === 0x0300) return Math.floor((size * (((insns[pc + 2] ?? 0) | ((insns[pc + 3] ?? 0) << 16)) >>> 0) + 1) / 2) + 4;
  }
  return SIZE[op] ?? 1;
}

const i32 = (insns: Uint16Array, at: number): number => (insns[at] ?? 0) | ((insns[at + 1] ?? 0) << 16) | 0;

/** Invoke arguments (35c or 3rc). */
function invokeArgs(insns: Uint16Array, pc: number, range: boolean): number[] {
  const u0 = insns[pc] ?? 0;
  const u2 = insns[pc + 2] ?? 0;
  if (range) {
    const n = u0 >> 8;
    return Array.from({ length: n }, (_, i) => u2 + i);
  }
  const n = u0 >> 12;
  const regs = [u2 & 0xf, (u2 >> 4) & 0xf, (u2 >> 8) & 0xf, (u2 >> 12) & 0xf, (u0 >> 8) & 0xf];
  return regs.slice(0, n);
}

interface Walk {
  dex: DexFile;
  table: ResourceTable;
  cls: ClassFacts;
  m: DexMethod;
  fn: FunctionFacts;
  regs: Map<number, Reg>;
  /** Use index → code unit of the instruction it came from. */
  pcs: number[];
  /** [from, to) code ranges that run only for one view / menu item id. */
  branches: { from: number; to: number; id: string }[];
}

function push(w: Walk, pc: number, use: Use): void {
  w.fn.uses.push(use);
  w.pcs.push(pc);
}

function idName(w: Walk, value: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const n = w.table.names.get(value >>> 0);
  return n?.type === 'id' ? (n.pkg === w.table.package ? n.name : `${n.pkg}:id/${n.name}`) : undefined;
}

function constant(w: Walk, pc: number, reg: number, value: number): void {
  w.regs.set(reg, { int: value });
  const n = w.table.names.get(value >>> 0);
  if (n !== undefined && RES_TYPES.has(n.type as ResType) && n.type !== 'id' && n.type !== 'string')
    push(w, pc, { t: 'res', type: n.type as ResType, name: n.pkg === w.table.package ? n.name : `${n.pkg}:${n.type}/${n.name}` });
  else if (n?.type === 'id') push(w, pc, { t: 'res', type: 'id', name: n.name });
}

function invoke(w: Walk, pc: number, range: boolean, pending: { view?: string; isId?: boolean }): void {
  const ref = w.dex.methodRef(w.m.insns[pc + 1] ?? 0);
  const args = invokeArgs(w.m.insns, pc, range);
  const thisReg = w.m.isStatic ? -1 : w.m.registers - w.m.ins;
  if (ref.name === '<init>') return;
  const receiver = args[0] === thisReg && (w.m.insns[pc]! & 0xff) !== 0x71 ? 'this' : 'other';
  push(w, pc, { t: 'call', name: ref.name, receiver, receiverType: ref.cls });
  const found = FIND_VIEW.test(ref.name) ? idName(w, w.regs.get(args.at(-1) ?? -1)?.int) : undefined;
  if (found !== undefined) pending.view = found;
  if (GET_ID.has(ref.name)) pending.isId = true;
  const listener = LISTENER.exec(ref.name);
  if (listener !== null && args.length >= 2) {
    const kind = ref.name === 'setNavigationOnClickListener' ? 'up' : listenerKind(listener);
    const view = w.regs.get(args[0] ?? -1)?.view;
    const trig: TriggerContext = view === undefined || kind === 'up' ? { kind } : { kind, element: view };
    const l = w.regs.get(args[1] ?? -1);
    if (l?.newUse !== undefined) l.newUse.trig = trig;
    else if (l?.cls !== undefined) push(w, pc, { t: 'new', cls: l.cls, trig });
  }
}

/** Branch ranges from `if-ne id, const` and switches over an id. */
function branch(w: Walk, pc: number, op: number): void {
  const { insns } = w.m;
  if (op === 0x32 || op === 0x33) {
    const u0 = insns[pc] ?? 0;
    const [a, b] = [w.regs.get((u0 >> 8) & 0xf), w.regs.get(u0 >> 12)];
    const id = a?.isId === true ? idName(w, b?.int) : b?.isId === true ? idName(w, a?.int) : undefined;
    const off = ((insns[pc + 1] ?? 0) << 16) >> 16;
    if (id !== undefined && op === 0x33 && off > 0) w.branches.push({ from: pc + 2, to: pc + off, id });
    return;
  }
  if (w.regs.get((insns[pc] ?? 0) >> 8)?.isId !== true) return;
  const payload = pc + i32(insns, pc + 1);
  const n = insns[payload + 1] ?? 0;
  const targets: [number, string | undefined][] = [];
  for (let i = 0; i < n; i++) {
    const key = op === 0x2b ? i32(insns, payload + 2) + i : i32(insns, payload + 2 + i * 2);
    const target = op === 0x2b ? i32(insns, payload + 4 + i * 2) : i32(insns, payload + 2 + n * 2 + i * 2);
    targets.push([pc + target, idName(w, key)]);
  }
  targets.sort((x, y) => x[0] - y[0]);
  targets.forEach(([from, id], i) => {
    if (id !== undefined) w.branches.push({ from, to: targets[i + 1]?.[0] ?? insns.length, id });
  });
}

function step(w: Walk, pc: number, pending: { view?: string; isId?: boolean }): void {
  const { insns } = w.m;
  const unit = insns[pc] ?? 0;
  const op = unit & 0xff;
  const a8 = unit >> 8;
  const u1 = insns[pc + 1] ?? 0;
  if (op === 0x12) constant(w, pc, (unit >> 8) & 0xf, (unit << 16) >> 28);
  else if (op === 0x13) constant(w, pc, a8, (u1 << 16) >> 16);
  else if (op === 0x14) constant(w, pc, a8, i32(insns, pc + 1));
  else if (op === 0x15) constant(w, pc, a8, u1 << 16);
  else if (op === 0x1a || op === 0x1b) push(w, pc, { t: 'str', value: w.dex.strings(op === 0x1a ? u1 : i32(insns, pc + 1) >>> 0) });
  else if (op === 0x1c) push(w, pc, { t: 'classref', cls: javaNameOf(w.dex.types(u1)) });
  else if (op === 0x22) {
    const use: Use & { t: 'new' } = { t: 'new', cls: javaNameOf(w.dex.types(u1)) };
    push(w, pc, use);
    w.regs.set(a8, { cls: use.cls, newUse: use });
  } else if (op === 0x0c) {
    w.regs.set(a8, pending.view !== undefined ? { view: pending.view } : pending.isId === true ? { isId: true } : {});
    delete pending.view;
    delete pending.isId;
  } else if (op === 0x0a) {
    w.regs.set(a8, pending.isId === true ? { isId: true } : {});
    delete pending.isId;
  } else if (op === 0x07 || op === 0x01) w.regs.set((unit >> 8) & 0xf, { ...w.regs.get(unit >> 12) });
  else if (op === 0x08 || op === 0x02) w.regs.set(a8, { ...w.regs.get(u1) });
  else if (op === 0x54) {
    // iget-object: a view field or view-binding property
    const f = w.dex.fieldRef(u1);
    w.regs.set((unit >> 8) & 0xf, { view: f.name, cls: f.type });
  } else if (op === 0x5b) {
    const f = w.dex.fieldRef(u1);
    const v = w.regs.get((unit >> 8) & 0xf)?.view;
    if (v !== undefined && w.table.names.size > 0 && f.cls === w.cls.name) w.cls.viewVars[f.name] = v;
  } else if (op === 0x62) {
    // sget-object: an object of the field's type (a Kotlin object's INSTANCE, a shared listener)
    w.regs.set(a8, { cls: w.dex.fieldRef(u1).type });
  } else if ((op >= 0x6e && op <= 0x72) || (op >= 0x74 && op <= 0x78)) invoke(w, pc, op >= 0x74, pending);
  else if (op === 0x32 || op === 0x33 || op === 0x2b || op === 0x2c) branch(w, pc, op);
}

const javaNameOf = (d: string): string => (d.startsWith('L') && d.endsWith(';') ? d.slice(1, -1).replace(/\//g, '.') : d);

function lineAt(m: DexMethod, pc: number): number {
  let line = 0;
  for (const [addr, l] of m.lines) {
    if (addr > pc) break;
    line = l;
  }
  return line;
}

function methodFacts(dex: DexFile, table: ResourceTable, cls: ClassFacts, m: DexMethod): FunctionFacts {
  const fn: FunctionFacts = { name: m.ref.name === '<clinit>' ? '<init>' : m.ref.name, owner: cls.name, uses: [] };
  const w: Walk = { dex, table, cls, m, fn, regs: new Map(), pcs: [], branches: [] };
  const pending: { view?: string; isId?: boolean } = {};
  for (let pc = 0; pc < m.insns.length; pc += Math.max(1, width(m.insns, pc))) step(w, pc, pending);
  const kind = MENU_FUNCTIONS.has(fn.name) ? 'menu' : 'click';
  fn.uses.forEach((u, i) => {
    const pc = w.pcs[i] ?? 0;
    u.line = lineAt(m, pc);
    const b = w.branches.find((r) => pc >= r.from && pc < r.to);
    if (b !== undefined && !('trig' in u && u.trig !== undefined) && u.t !== 'binding')
      (u as { trig?: TriggerContext }).trig = b.id === 'android:id/home' ? { kind: 'up' } : { kind, element: b.id };
  });
  return fn;
}

/** One class of a DEX file as the facts of one source file. */
export function classFacts(dex: DexFile, table: ResourceTable, c: DexClass): FileFacts {
  const dot = c.name.lastIndexOf('.');
  const pkg = dot < 0 ? '' : c.name.slice(0, dot);
  const supers = [...(c.superName === undefined ? [] : [c.superName]), ...c.interfaces];
  const outer = c.name.includes('$') ? c.name.slice(0, c.name.lastIndexOf('$')) : undefined;
  const cls: ClassFacts = { name: c.name, simple: c.name.slice(dot + 1), supers, viewVars: {} };
  if (outer !== undefined) cls.outer = outer;
  const where = `${pkg.replace(/\./g, '/')}${pkg === '' ? '' : '/'}${c.sourceFile ?? `${cls.simple}.class`}`;
  return {
    path: `${dex.file}!${where}`,
    lang: 'java',
    package: pkg,
    imports: {},
    wildcardImports: [],
    classes: [cls],
    functions: c.methods.map((m) => methodFacts(dex, table, cls, m)),
    skipped: 0,
  };
}
