// Resolves `-s SERIAL` / ANDROID_SERIAL / "the only device" to a Device for the CLI's tools.
// First version: the host ADB client (src/adb) is still being written; until it lands, every device call
// fails with a coded error instead of leaving main.ts without its import.
import { GlanceError } from '../errors.js';
import type { DeviceProvider } from '../tools/registry.js';

export function createDeviceProvider(env: Record<string, string | undefined>): DeviceProvider {
  const unavailable = (): GlanceError =>
    new GlanceError('ADB_SERVER_UNAVAILABLE', 'the ADB host client is not available in this build yet', {
      hint: 'snapshot a saved dump with `glance ui --from FILE` meanwhile',
      context: { port: env['ANDROID_ADB_SERVER_PORT'] ?? '5037' },
    });
  return {
    get: async () => {
      throw unavailable();
    },
    list: async () => {
      throw unavailable();
    },
  };
}
