// Where the retroscope package lives when the worker boots from a memory
// snapshot: the wheel itself, as one file on sys.path (Python imports from a
// zip). A snapshot holds Python's heap but not its files, so after a restore
// the worker writes this one file again, byte for byte the wheel the snapshot
// was made with (the import system's view of it is in the heap); that is one
// copy instead of unpacking ~200 files. tools/snapshot.mjs makes the snapshot
// the same way.
export const PACKAGE_ZIP = "/lib/retroscope.whl";

// Before the package is imported (the snapshot maker).
export const PACKAGE_PATH_PY = `import sys; sys.path.insert(0, ${JSON.stringify(PACKAGE_ZIP)})`;

// After a restore: the wheel's bytes where the snapshot expects them.
export function writePackage(FS, wheel) {
  FS.writeFile(PACKAGE_ZIP, wheel);
}
