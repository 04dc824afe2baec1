/** The first source file (relative to `root`) whose build in dist/ is missing or older than it, or undefined when none is. */
export function staleSource(root: string): string | undefined;
