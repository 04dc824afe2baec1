/** `cmd SERVICE …` (frameworks/native/cmds/cmd): routes to the service's shell command. */
import type { Command } from '../shell.js';

/** `services` maps a service name (`package`, `activity`…) to the command that serves it. */
export function cmd(services: Readonly<Record<string, Command>>): Command {
  return (ctx) => {
    const svc = ctx.argv[1];
    const impl = svc === undefined || !Object.hasOwn(services, svc) ? undefined : services[svc];
    if (impl === undefined) {
      ctx.err(`cmd: Can't find service: ${svc ?? ''}\n`);
      return 20;
    }
    return impl({ ...ctx, argv: [svc!, ...ctx.argv.slice(2)] });
  };
}
