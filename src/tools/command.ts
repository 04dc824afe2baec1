import { shWord } from '../device/text.js';

/** The equivalent `glance …` command line, quoted so that a shell reads back exactly `args`. */
export function commandLine(serial: string | undefined, args: readonly string[]): string {
  return ['glance', ...(serial ? ['-s', shWord(serial)] : []), ...args.map(shWord)].join(' ');
}
