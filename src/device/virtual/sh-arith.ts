/**
 * `$(( … ))` arithmetic as mksh evaluates it for what scripts send: integers, variables (unset = 0),
 * `+ - * / %`, comparisons, `== !=`, `&& || !`, unary minus and parentheses, C precedence. Hand-written: the
 * npm expression evaluators are floating-point and know nothing of shell variables; this grammar is ~60 lines.
 */
export class ArithError extends Error {}

export function evalArith(expr: string, lookup: (name: string) => string): number {
  const toks = expr.match(/\d+|[A-Za-z_]\w*|&&|\|\||==|!=|<=|>=|[-+*/%()<>!]|\S/g) ?? [];
  let p = 0;
  const peek = (): string | undefined => toks[p];
  const next = (): string => {
    const t = toks[p++];
    if (t === undefined) throw new ArithError(`${expr}: unexpected end of expression`);
    return t;
  };
  const int = (n: number): number => Math.trunc(n) | 0;
  const primary = (): number => {
    const t = next();
    if (t === '(') {
      const v = or();
      if (next() !== ')') throw new ArithError(`${expr}: missing )`);
      return v;
    }
    if (t === '-') return int(-primary());
    if (t === '+') return primary();
    if (t === '!') return primary() === 0 ? 1 : 0;
    if (/^\d+$/.test(t)) return int(Number(t));
    if (/^[A-Za-z_]\w*$/.test(t)) {
      const v = lookup(t).trim();
      return v === '' ? 0 : /^-?\d+$/.test(v) ? int(Number(v)) : evalArith(v, lookup);
    }
    throw new ArithError(`${expr}: unexpected '${t}'`);
  };
  const binary = (ops: string[], sub: () => number, apply: (op: string, a: number, b: number) => number) => (): number => {
    let v = sub();
    while (ops.includes(peek() ?? '')) v = apply(next(), v, sub());
    return v;
  };
  const mul = binary(['*', '/', '%'], primary, (op, a, b) => {
    if (op !== '*' && b === 0) throw new ArithError(`${expr}: divide by zero`);
    return int(op === '*' ? Math.imul(a, b) : op === '/' ? a / b : a % b);
  });
  const add = binary(['+', '-'], mul, (op, a, b) => int(op === '+' ? a + b : a - b));
  const rel = binary(['<', '>', '<=', '>='], add, (op, a, b) =>
    Number(op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b),
  );
  const eq = binary(['==', '!='], rel, (op, a, b) => Number(op === '==' ? a === b : a !== b));
  const and = binary(['&&'], eq, (_op, a, b) => Number(a !== 0 && b !== 0));
  const or = binary(['||'], and, (_op, a, b) => Number(a !== 0 || b !== 0));
  if (toks.length === 0) return 0;
  const v = or();
  if (p < toks.length) throw new ArithError(`${expr}: unexpected '${toks[p]}'`);
  return v;
}
