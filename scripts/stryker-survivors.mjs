import { appendFileSync } from 'node:fs';
import { declareClassPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';

/**
 * A reporter ('survivors') that appends each surviving or uncovered mutant to GLANCE_MUTATE_SURVIVORS as it is
 * found (file:line:col mutator → replacement), so tests can be written while a long run goes on.
 */
class SurvivorsReporter {
  static inject = tokens();
  #file = process.env.GLANCE_MUTATE_SURVIVORS;
  onMutantTested(m) {
    if (this.#file === undefined || (m.status !== 'Survived' && m.status !== 'NoCoverage')) return;
    const at = `${m.fileName}:${m.location.start.line}:${m.location.start.column}`;
    appendFileSync(this.#file, `${m.status}\t${at}\t${m.mutatorName}\t${JSON.stringify(m.replacement)}\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'survivors', SurvivorsReporter)];
