/** Words of a name as a user would say them. */

/** `sort_by_name` / `sortByName` → "sort by name". */
export function idWords(id: string): string {
  return id
    .replace(/^android:id\//, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();
}
