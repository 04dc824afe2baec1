/**
 * System UI the virtual device draws around apps: status bar, navigation bar (com.android.systemui, as real
 * dumps on API 30+ include them) and a minimal Launcher3 home screen with one icon per app. Sizes follow the
 * platform dimens: status bar 24dp, navigation bar 48dp (frameworks/base/core/res/res/values/dimens.xml).
 */
import { uiNode, type Bounds, type UiNode } from '../../hierarchy/model.js';
import type { DisplayInfo } from './scenario.js';

export const SYSTEMUI = 'com.android.systemui';
export const LAUNCHER_PKG = 'com.android.launcher3';
export const LAUNCHER_ACTIVITY = 'com.android.launcher3/com.android.launcher3.uioverrides.QuickstepLauncher';

export function dp(display: DisplayInfo, v: number): number {
  return Math.round((v * display.density) / 160);
}

export function node(partial: Partial<UiNode> & { cls: string; bounds: Bounds }): UiNode {
  return uiNode(partial);
}

function indexed(children: UiNode[]): UiNode[] {
  children.forEach((c, i) => (c.index = i));
  return children;
}

/** Status bar: clock on the left, wifi and battery on the right. The clock is fixed for reproducible dumps. */
export function statusBar(display: DisplayInfo): UiNode {
  const h = dp(display, 24);
  const w = display.width;
  const pkg = SYSTEMUI;
  const icon = dp(display, 20);
  const pad = dp(display, 16);
  return node({
    cls: 'android.widget.FrameLayout',
    id: `${pkg}:id/status_bar_container`,
    pkg,
    bounds: [0, 0, w, h],
    children: indexed([
      node({
        cls: 'android.widget.TextView',
        id: `${pkg}:id/clock`,
        pkg,
        text: '12:30',
        desc: '12:30 PM',
        bounds: [pad, 0, pad + dp(display, 56), h],
      }),
      node({
        cls: 'android.widget.ImageView',
        id: `${pkg}:id/wifi_signal`,
        pkg,
        desc: 'Wifi signal full.',
        bounds: [w - pad - 2 * icon - dp(display, 4), 0, w - pad - icon - dp(display, 4), h],
      }),
      node({
        cls: 'android.widget.ImageView',
        id: `${pkg}:id/battery`,
        pkg,
        desc: 'Battery 100 percent.',
        bounds: [w - pad - icon, 0, w - pad, h],
      }),
    ]),
  });
}

/** Navigation bar with the three classic buttons (ids and descriptions as AOSP SystemUI has them). */
export function navigationBar(display: DisplayInfo): UiNode {
  const h = dp(display, 48);
  const w = display.width;
  const top = display.height - h;
  const pkg = SYSTEMUI;
  const third = Math.floor(w / 3);
  const button = (id: string, desc: string, i: number): UiNode =>
    node({
      cls: 'android.widget.ImageView',
      id: `${pkg}:id/${id}`,
      pkg,
      desc,
      clickable: true,
      longClickable: id !== 'back',
      focusable: true,
      bounds: [third * i, top, i === 2 ? w : third * (i + 1), display.height],
    });
  return node({
    cls: 'android.widget.FrameLayout',
    id: `${pkg}:id/navigation_bar_frame`,
    pkg,
    bounds: [0, top, w, display.height],
    children: [
      node({
        cls: 'android.widget.LinearLayout',
        id: `${pkg}:id/nav_buttons`,
        pkg,
        bounds: [0, top, w, display.height],
        children: indexed([button('back', 'Back', 0), button('home', 'Home', 1), button('recent_apps', 'Overview', 2)]),
      }),
    ],
  });
}

export interface LauncherApp {
  package: string;
  label: string;
}

/** A Launcher3-like home screen: a workspace grid of app icons (TextView, text and description = label). */
export function launcherScreen(display: DisplayInfo, apps: readonly LauncherApp[]): UiNode {
  const pkg = LAUNCHER_PKG;
  const top = dp(display, 24);
  const bottom = display.height - dp(display, 48);
  const cols = 4;
  const cell = Math.floor(display.width / cols);
  const cellH = dp(display, 96);
  const icons = apps.map((app, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const y = top + dp(display, 48) + row * cellH;
    return node({
      cls: 'android.widget.TextView',
      pkg,
      id: '',
      text: app.label,
      desc: app.label,
      clickable: true,
      longClickable: true,
      focusable: true,
      bounds: [col * cell, y, (col + 1) * cell, y + cellH],
    });
  });
  const searchTop = bottom - dp(display, 72);
  return node({
    cls: 'android.widget.FrameLayout',
    pkg,
    bounds: [0, 0, display.width, display.height],
    children: [
      node({
        cls: 'android.widget.FrameLayout',
        id: `${pkg}:id/launcher`,
        pkg,
        bounds: [0, 0, display.width, display.height],
        children: indexed([
          node({
            cls: 'android.view.ViewGroup',
            id: `${pkg}:id/workspace`,
            pkg,
            scrollable: true,
            bounds: [0, top, display.width, searchTop],
            children: indexed(icons),
          }),
          node({
            cls: 'android.widget.FrameLayout',
            id: `${pkg}:id/search_container_hotseat`,
            pkg,
            desc: 'Search',
            clickable: true,
            bounds: [dp(display, 16), searchTop, display.width - dp(display, 16), searchTop + dp(display, 56)],
          }),
        ]),
      }),
    ],
  });
}

/**
 * The screen of another app the recording never captured (a viewer, a chooser, the contacts app): the app's
 * package in front and a line saying so, enough for an agent to see the app was left and to go back.
 */
export function otherAppScreen(display: DisplayInfo, pkg: string): UiNode {
  const mid = Math.floor(display.height / 2);
  return node({
    cls: 'android.widget.FrameLayout',
    pkg,
    bounds: [0, 0, display.width, display.height],
    children: indexed([
      node({
        cls: 'android.widget.TextView',
        pkg,
        text: `Another app (${pkg})`,
        bounds: [dp(display, 16), mid - dp(display, 24), display.width - dp(display, 16), mid + dp(display, 24)],
      }),
    ]),
  });
}
