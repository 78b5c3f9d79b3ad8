/** Two letters for an avatar: first and last word's initials, or the first two letters. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : name.trim().slice(0, 2);
  return letters.toUpperCase();
}
