export const ROOT: string;
export function staleParts(root?: string): { name: string; missing: boolean }[];
export function ensureBuilt(options?: { root?: string; log?: (line: string) => void }): void;
