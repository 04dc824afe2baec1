/** `getprop`, `setprop` and `settings` (SettingsService's shell command), over the device's maps. */
import type { Command } from '../shell.js';
import type { DeviceContext } from './context.js';

export function getprop(dev: DeviceContext): Command {
  return (ctx) => {
    const key = ctx.argv[1];
    if (key === undefined) {
      for (const [k, v] of [...dev.props].sort(([a], [b]) => (a < b ? -1 : 1))) ctx.out(`[${k}]: [${v}]\n`);
      return 0;
    }
    ctx.out(`${dev.props.get(key) ?? ctx.argv[2] ?? ''}\n`);
    return 0;
  };
}

export function setprop(dev: DeviceContext): Command {
  return (ctx) => {
    const [k, v] = ctx.argv.slice(1);
    if (k === undefined || v === undefined) {
      ctx.err('setprop: need 2 arguments\n');
      return 1;
    }
    dev.props.set(k, v);
    return 0;
  };
}

export function settings(dev: DeviceContext): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1).filter((a, i, all) => a !== '--user' && all[i - 1] !== '--user');
    const [sub, ns, key, value] = args;
    if (ns !== undefined && !['system', 'secure', 'global'].includes(ns)) {
      ctx.err(`Invalid namespace '${ns}'\n`);
      return 255;
    }
    switch (sub) {
      case 'get':
        ctx.out(`${dev.settings.get(`${ns}/${key}`) ?? 'null'}\n`);
        return 0;
      case 'put':
        if (key === undefined || value === undefined) break;
        dev.settings.set(`${ns}/${key}`, value);
        return 0;
      case 'delete':
        ctx.out(`Deleted ${dev.settings.delete(`${ns}/${key}`) ? 1 : 0} rows\n`);
        return 0;
      case 'list':
        for (const [k, v] of dev.settings) if (k.startsWith(`${ns}/`)) ctx.out(`${k.slice(ns!.length + 1)}=${v}\n`);
        return 0;
    }
    ctx.err(
      'usage:  settings [--user <USER_ID> | current] get namespace key\n        settings [--user <USER_ID> | current] put namespace key value\n',
    );
    return 255;
  };
}

/** Default system properties of the virtual device. */
export function defaultProps(opts: {
  serial: string;
  model: string;
  product: string;
  sdk: number;
  release: string;
  density: number;
}): Map<string, string> {
  return new Map([
    ['ro.build.version.sdk', String(opts.sdk)],
    ['ro.build.version.release', opts.release],
    ['ro.build.type', 'userdebug'],
    ['ro.build.characteristics', 'default'],
    ['ro.product.model', opts.model],
    ['ro.product.manufacturer', 'Glance'],
    ['ro.product.brand', 'glance'],
    ['ro.product.name', opts.product],
    ['ro.product.device', 'glance_virtual'],
    ['ro.product.cpu.abi', 'x86_64'],
    ['ro.serialno', opts.serial],
    ['ro.sf.lcd_density', String(opts.density)],
    ['ro.kernel.qemu', '0'],
    ['sys.boot_completed', '1'],
    ['dev.bootcomplete', '1'],
    ['init.svc.bootanim', 'stopped'],
    ['persist.sys.locale', 'en-US'],
    ['ro.product.locale', 'en-US'],
  ]);
}
