/** Name conventions the resolver relies on: view tags → classes, binding classes → layouts, framework dialog views. */
import type { MapElement } from '../model.js';

const FRAMEWORK_VIEW = new Set(['View', 'ViewStub', 'SurfaceView', 'TextureView', 'ViewGroup']);

export function viewClassName(tag: string): string {
  if (tag.includes('.')) return tag;
  if (FRAMEWORK_VIEW.has(tag)) return `android.view.${tag}`;
  if (tag === 'WebView') return 'android.webkit.WebView';
  return `android.widget.${tag}`;
}

/** `ActivityMainBinding` → `activity_main`. */
export function bindingLayout(binding: string): string {
  return binding
    .replace(/Binding$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** `settingsButton` → `settings_button`. */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Last segment of a dotted name. */
export function simpleName(name: string): string {
  return name.split('.').at(-1) ?? name;
}

/**
 * Views of framework picker dialogs, which no app layout declares: both are AlertDialogs with OK/Cancel
 * buttons, and the time picker's header has hour, minute and AM/PM views (AOSP
 * frameworks/base/core/res/res/layout/time_picker_header_material.xml; TimePickerClockDelegate).
 */
export function frameworkDialogElements(cls: string): MapElement[] {
  const simple = simpleName(cls);
  const buttons: MapElement[] = [
    { id: 'android:id/button1', class: 'android.widget.Button', kind: 'dialog-button' },
    { id: 'android:id/button2', class: 'android.widget.Button', kind: 'dialog-button' },
  ];
  if (simple === 'TimePickerDialog') {
    return [
      ...buttons,
      { id: 'android:id/hours', class: 'android.widget.TextView' },
      { id: 'android:id/minutes', class: 'android.widget.TextView' },
      { id: 'android:id/am_label', class: 'android.widget.RadioButton' },
      { id: 'android:id/pm_label', class: 'android.widget.RadioButton' },
    ];
  }
  if (simple === 'DatePickerDialog') return buttons;
  return [];
}
