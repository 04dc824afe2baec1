// The virtual device's sh beside a real POSIX /bin/sh on the same scripts: quoting, expansion, redirects,
// pipes and exit statuses must come out the same. Toybox's echo prints its arguments as they are, so on the
// real side echo is a function doing that (the system echo of dash would interpret backslashes).
// Left out on purpose: field splitting of unquoted expansions, which the virtual sh does not do (see expandWord).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { tempDir } from '../helpers/temp.js';

const SCRIPTS = [
  // quoting and escapes
  `echo "a\\\\b" 'c\\\\d' e\\\\f`,
  `echo "x\\$y" "\\"q\\"" 'it'\\''s'`,
  `echo "tab	in" 'two  spaces' three\\ four`,
  `X=1; echo "$X" '$X' \\$X "\${X}y" $X$X`,
  `echo ""; echo ''x''; echo "a"'b'c`,
  // words: a quoted or escaped digit before > is a word, not a descriptor; comments; tabs; >|; line continuations
  `echo x "2">$T/q; cat $T/q; echo y \\2>$T/q2; cat $T/q2; echo z x2>$T/fd; cat $T/fd`,
  `echo a # c; echo b\necho a#b c\\#d\necho a\tb; echo a >| $T/nc; cat $T/nc`,
  `echo a\\\nb "c\\\nd" "e\\x" "f\\$g"; false; echo "$?"; A=1 sh -c 'echo $A'; echo "[$A]"`,
  `echo $(( (1+2) * 3 )) $((((2)))); X_1y=5; echo $X_1y \${X_1y}z; echo a$ $ "$"`,
  // redirects: the default fd of < is 0, of > is 1; order of 2>&1 matters
  `echo hi > $T/f; cat < $T/f`,
  // a bare <& names fd 0 too: closing it leaves stdout alone, for a command and for a group
  `echo hi > $T/f; cat 0< $T/f; echo kept <&-; echo "status $?"; { echo grouped; } <&-`,
  `echo one > $T/g; echo two >> $T/g; cat $T/g`,
  `cat $T/missing 2>/dev/null; echo "status $?"`,
  `cat $T/missing 2>&1 | grep -c missing`,
  `echo out 2>&1 >/dev/null`,
  `echo abc > $T/h; echo xyz >> $T/h; grep -v abc $T/h; grep -c . $T/h`,
  `echo abc > $T/i; grep -q zzz $T/i; echo $?`,
  // the toybox text commands tools use, option by option
  `echo Foo.bar > $T/j; echo other >> $T/j; grep -i foo $T/j; grep -F 'o.b' $T/j; grep -c o $T/j`,
  `echo Foo.bar > $T/j; grep -o 'o\\.b' $T/j; grep -E 'x|bar' $T/j; grep 'x\\|bar' $T/j; grep -e nope -e other $T/j; echo $?`,
  `echo 1 > $T/k; echo 2 >> $T/k; echo 3 >> $T/k; head -n 1 $T/k; tail -n 1 $T/k; wc -l < $T/k; head -n 2 $T/k | tail -n 1`,
  // printf (the format repeats while arguments remain), seq, yes, head/tail -c/-n/-N, wc of one count
  `printf '%s|%5s|%-5s|%05d|%x|%X|%o|%c|%.2f|%%\\n' a b c 42 255 255 8 xyz 3.14159; printf '%s-%s\\n' a b c`,
  `printf '%b\\n' 'x\\ty'; printf '%.2s %i %u %d\\n' abcdef -3 7 0x1f`,
  `seq 3; seq 2 4; seq 5 -2 1; seq -s , 3; seq -w 8 10; yes | head -n 2; yes ab c | head -n 1`,
  `printf '1\\n2\\n3\\n4\\n' > $T/l; head -n 2 $T/l; head -3 $T/l; tail -n 2 $T/l; head -c 3 $T/l; echo; tail -c 4 $T/l`,
  `printf '1\\n2\\n3\\n4\\n' > $T/l; wc -l < $T/l; wc -c < $T/l; printf 'a b\\n c\\n' | wc -w`,
  // files: statuses of mkdir/rm with and without -p/-f/-r, ls of a folder and of -d, cat -, cp/mv, md5sum
  `mkdir $T/d; mkdir $T/d 2>/dev/null; echo $?; mkdir -p $T/d/e/f; echo $?; touch $T/d/x; ls $T/d; ls -d $T/d; ls -a $T/d/e`,
  `mkdir $T/r; touch $T/r/x; rm $T/r/nope 2>/dev/null; echo $?; rm -f $T/r/nope; echo $?; rm $T/r 2>/dev/null; echo $?; rm -r $T/r; cat $T/r/x 2>/dev/null; echo $?`,
  `echo in | cat -; echo in | cat $T/missing - 2>/dev/null; echo $?; echo a > $T/c1; cp $T/c1 $T/c2; mv $T/c2 $T/c3; cat $T/c2 2>/dev/null; echo $?; cat $T/c3`,
  `echo hi > $T/m; md5sum $T/m; echo hi | md5sum; md5sum $T/m $T/nope 2>/dev/null; echo $?`,
  // builtins: cd (relative, .., a missing folder leaves it), $# and $N of sh -c, export, :, exit's status
  `mkdir $T/cd1; cd $T/cd1; pwd; cd $T/cd1/../cd1/./; pwd; cd $T/nope 2>/dev/null; pwd; cd ..; pwd`,
  `sh -c 'echo $# $1 $3' x a b c; export A=1; sh -c 'echo $A'; :; echo $?; false; :; echo $?`,
  `sh -c 'false; exit'; echo $?; sh -c 'exit 257'; echo $?`,
  // sh -c is a child: its variables and cd stay in it; a prefix assignment reaches it
  `cd $T; sh -c 'X=1; cd /'; echo "[$X]"; pwd; A=1 sh -c 'echo $A'; echo "[$A]"`,
  // > truncates, >> appends or creates
  `echo a > $T/ap; echo b > $T/ap; cat $T/ap; echo c >> $T/new; cat $T/new`,
  // $(( )): precedence, truncating division, comparisons and logic, variables (unset = 0)
  `X=2; echo $((1+2*3)) $(((1+2)*3)) $((7/2)) $((-7/2)) $((-7%3)) $((2-3-4)) $((X*5)) $((nope+1))`,
  `echo $((1<2)) $((2<=1)) $((3>=3)) $((2>3)) $((1==1)) $((1!=1)) $((0||3)) $((2&&0)) $((!0)) $((-(2+3))) $((1||0&&0))`,
  // lists, pipes and statuses
  `false && echo no || echo yes; echo $?`,
  `! false; echo $?`,
  `true | false; echo $?`,
  `echo a; echo b | grep -v a`,
  `exit 7`,
  `false; true; echo $?`,
];

const real = (script: string, dir: string) => {
  const prelude = `T=${dir}; echo() { printf '%s\\n' "$*"; }\n`;
  const r = spawnSync('/bin/sh', ['-c', prelude + script], { encoding: 'utf8', cwd: dir });
  return { out: r.stdout.replaceAll(dir, '$T'), code: r.status };
};

const virtual = async (script: string) => {
  const dev = createVirtualDevice();
  await dev.run(
    'rm -f /data/local/tmp/f /data/local/tmp/g /data/local/tmp/h /data/local/tmp/i /data/local/tmp/j /data/local/tmp/k /data/local/tmp/l',
  );
  const r = await dev.run(`T=/data/local/tmp; ${script}`);
  return { out: Buffer.from(r.stdout).toString('utf8').replaceAll('/data/local/tmp', '$T'), code: r.exitCode };
};

test('the virtual sh and /bin/sh agree on stdout and exit status', { skip: process.platform === 'win32' && 'needs /bin/sh' }, async () => {
  const dir = tempDir('glance-sh-');
  try {
    for (const s of SCRIPTS) assert.deepEqual(await virtual(s), real(s, dir), s);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
