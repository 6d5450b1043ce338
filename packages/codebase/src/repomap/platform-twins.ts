/**
 * Platform twins: Go files that hold one piece of code once per operating system or architecture
 * (`util_unix.go` / `util_windows.go`, `sys_linux_amd64.go`), selected by the file name suffixes
 * of the Go build constraints (`go help buildconstraint`) and the `_unix`, `_posix`, `_bsd`, `_nonunix` and
 * `_other` names projects use beside them. The repository map counts a set of twins as one
 * definition and shows it once.
 */

const OPERATING_SYSTEMS =
  'aix|android|darwin|dragonfly|freebsd|hurd|illumos|ios|js|linux|nacl|netbsd|openbsd|plan9|solaris|wasip1|windows|zos|unix|posix|bsd|other|nonunix|notwindows|nonwindows';
const ARCHITECTURES =
  '386|amd64|arm|arm64|loong64|mips|mipsle|mips64|mips64le|ppc64|ppc64le|riscv64|s390x|wasm';
const PLATFORM_FILE = new RegExp(
  `^(.+?)(?:_(?:${OPERATING_SYSTEMS}))?(?:_(?:${ARCHITECTURES}))?(_test)?\\.go$`,
);

/**
 * The name shared by a file's platform twins.
 * @param filePath - repository-relative path.
 * @returns the path without its platform suffix (`net/util_unix.go` → `net/util.go`); the path
 *   itself for a file that is not platform-specific.
 */
export function platformStem(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  const name = filePath.slice(slash + 1);
  const match = PLATFORM_FILE.exec(name);
  if (!match) return filePath;
  const stem = `${match[1]}${match[2] ?? ''}.go`;
  return stem === name ? filePath : `${filePath.slice(0, slash + 1)}${stem}`;
}

/**
 * Groups files by {@link platformStem}.
 * @param paths - repository-relative paths.
 * @returns for each stem shared by two or more of `paths`, the files sharing it (in input order).
 */
export function platformTwinGroups(paths: Iterable<string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const filePath of paths) {
    const stem = platformStem(filePath);
    if (stem === filePath) continue;
    const group = groups.get(stem);
    if (group) group.push(filePath);
    else groups.set(stem, [filePath]);
  }
  for (const [stem, group] of groups) if (group.length < 2) groups.delete(stem);
  return groups;
}
