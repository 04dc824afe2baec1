/**
 * Launching an app by package, `pkg/.Activity`, or its launcher label: a label is matched against the
 * installed packages' last name segment, then against the icons of the home screen; APP_NOT_FOUND otherwise.
 */
import { GlanceError, isGlanceError } from '../../errors.js';
import { isPackageOrComponent } from '../adb-device.js';
import { touchPoint } from '../geometry.js';
import { fresh, latest, type ActionEnv } from './env.js';
import type { LaunchOutcome } from './outcome.js';
import { finish } from './settle.js';

const KEY_HOME = 3;

/** The first candidate package that launches (`Settings` → com.android.settings before ….providers.settings). */
async function launchByName(env: ActionEnv, app: string): Promise<{ pkg: string | undefined; candidates: string[] }> {
  const call = { signal: env.signal };
  const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const all = await env.device.apps({ ...call, all: true });
  // Shortest name first, and the next one when a candidate has no launcher activity.
  const candidates = all.filter((p) => squash(p.split('.').pop() ?? '') === squash(app)).sort((a, b) => a.length - b.length);
  for (const candidate of candidates) {
    try {
      await env.device.launch(candidate, call);
      return { pkg: candidate, candidates };
    } catch (e) {
      if (!isGlanceError(e, 'APP_NOT_FOUND')) throw e;
    }
  }
  return { pkg: undefined, candidates };
}

/** Taps the home-screen icon labelled `app`. */
async function launchFromHome(env: ActionEnv, app: string, candidates: readonly string[]): Promise<void> {
  const call = { signal: env.signal };
  await env.device.key(KEY_HOME, call);
  const home = await fresh(env);
  const want = app.toLowerCase();
  const icons = home.elements.filter((e) => (e.text ?? e.desc ?? '').toLowerCase() === want && !e.offscreen);
  const icon = icons.find((e) => e.actions.includes('tap')) ?? icons[0];
  if (!icon) {
    const tried = candidates.length > 0 ? ` (no launcher activity in ${candidates.join(', ')}, no icon on the home screen)` : '';
    throw new GlanceError('APP_NOT_FOUND', `no app called "${app}"${tried}`, {
      hint: 'pass the package name (device_apps lists them), or put the app on the home screen so its label can be found',
      next: { tool: 'device_apps' },
      context: { app, candidates },
    });
  }
  const tp = touchPoint(icon, home.elements, home.screen);
  await env.device.tap({ x: tp.x, y: tp.y }, call);
}

export async function launchApp(env: ActionEnv, app: string): Promise<LaunchOutcome> {
  const before = await latest(env);
  let pkg: string | undefined;
  let via: LaunchOutcome['via'] = 'package';
  if (isPackageOrComponent(app)) {
    await env.device.launch(app, { signal: env.signal });
    pkg = app.split('/')[0];
  } else {
    const byName = await launchByName(env, app);
    pkg = byName.pkg;
    via = 'package name';
    if (pkg === undefined) {
      await launchFromHome(env, app, byName.candidates);
      via = 'home screen';
    }
  }
  const { after, ...settled } = await finish(env, before);
  const p = pkg ?? after.screen.package;
  return { action: 'launch', via, ...(p !== undefined ? { package: p } : {}), ...settled };
}
