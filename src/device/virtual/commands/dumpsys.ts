/**
 * `dumpsys SERVICE`: the lines tools grep for (`mCurrentFocus=`, `mResumedActivity:`, `mInputShown=`) are exact,
 * the rest is plausible filler.
 */
import { shortComponent } from '../scenario.js';
import type { Command } from '../shell.js';
import type { DeviceContext } from './context.js';
import { surfaceFlinger } from './display.js';
import { displaySize } from './wm.js';

function record(component: string, task: number): string {
  return `ActivityRecord{7f3a2b1 u0 ${shortComponent(component)} t${task}}`;
}

export function dumpsys(dev: DeviceContext): Command {
  return (ctx) => {
    const [service, sub] = ctx.argv.slice(1);
    const phone = dev.phone;
    const act = phone.focusedActivity();
    const pkg = phone.foregroundPackage();
    const d = phone.scenario.display;
    const task = pkg === phone.scenario.package ? 12 : 1;
    switch (service) {
      case 'window': {
        const focus = `Window{5c2e9d1 u0 ${act}}`;
        const out: string[] = [];
        if (sub === undefined || sub === 'displays' || sub === 'd') {
          out.push(
            'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)',
            '  Display: mDisplayId=0',
            `    init=${displaySize(dev)} ${d.density}dpi cur=${displaySize(dev)} app=${d.width}x${d.height} rng=${d.width}x${d.width}-${d.height}x${d.height}`,
          );
        }
        if (sub === undefined || sub === 'windows' || sub === 'w') {
          out.push(
            'WINDOW MANAGER WINDOWS (dumpsys window windows)',
            `  Window #0 ${focus}:`,
            `    mDisplayId=0 rootTaskId=${task} mSession=Session{1a2b3c4 4242:u0a10123} mClient=android.os.BinderProxy@1f2e3d4`,
            `    mOwnerUid=10123 showForAllUsers=false package=${pkg} appop=NONE`,
          );
        }
        out.push(`  mCurrentFocus=${focus}`, `  mFocusedApp=${record(act, task)}`);
        const f = phone.current().focus;
        out.push(`  mInputMethodTarget=${f !== undefined ? focus : 'null'}`);
        ctx.out(out.join('\n') + '\n');
        return 0;
      }
      case 'activity': {
        const stack = phone.backStackActivities();
        const out = [
          'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
          'Display #0 (activities from top to bottom):',
          `  * Task{8e7d6c5 #${task} type=standard A=10123:${pkg} U=0 visible=true mode=fullscreen translucent=false sz=${stack.length}}`,
        ];
        for (let i = stack.length - 1; i >= 0; i--) out.push(`    * Hist #${i}: ${record(stack[i]!, task)}`);
        out.push(
          `  mResumedActivity: ${record(act, task)}`,
          `  ResumedActivity: ${record(act, task)}`,
          `  topResumedActivity=${record(act, task)}`,
          `  mFocusedApp=${record(act, task)}`,
        );
        ctx.out(out.join('\n') + '\n');
        return 0;
      }
      case 'input_method': {
        const shown = phone.current().focus !== undefined;
        ctx.out(
          `  mInputShown=${shown}\n  mServedView=${shown ? 'EditText' : 'null'}\n  mCurMethodId=com.android.inputmethod.latin/.LatinIME\n`,
        );
        return 0;
      }
      case 'power':
        ctx.out('Power Manager State:\n  mWakefulness=Awake\n  mHoldingDisplaySuspendBlocker=true\n  Display Power: state=ON\n');
        return 0;
      case 'display':
        ctx.out(
          `Display Devices: size=1\n  DisplayDeviceInfo{"Built-in Screen": uniqueId="local:0", ${d.width} x ${d.height}, density ${d.density}}\n  mScreenState=ON\n`,
        );
        return 0;
      case 'package': {
        if (sub !== undefined && !phone.scenario.packages.includes(sub)) {
          ctx.out(`Unable to find package: ${sub}\n`);
          return 0;
        }
        const pkgName = sub ?? phone.scenario.package;
        const v = dev.installed.get(pkgName) ?? { versionCode: 1, versionName: '1.0' };
        ctx.out(
          `Packages:\n  Package [${pkgName}] (1a2b3c4):\n    versionCode=${v.versionCode} minSdk=24 targetSdk=34\n    versionName=${v.versionName}\n`,
        );
        return 0;
      }
      case 'SurfaceFlinger':
        return surfaceFlinger(dev, ctx, ctx.argv.slice(2));
      case undefined:
        ctx.out(
          'Currently running services:\n  SurfaceFlinger\n  activity\n  clipboard\n  display\n  input_method\n  package\n  power\n  window\n',
        );
        return 0;
      default:
        ctx.out(`Can't find service: ${service}\n`);
        return 0;
    }
  };
}
