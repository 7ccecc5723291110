import fs from "node:fs/promises";
import path from "node:path";
import { config } from "../config.server";

/**
 * Where image files live. The local directory under DATA_DIR is the default; an object store can
 * implement the same three calls when the store runs on several machines.
 */
interface FileStorage {
  put(key: string, body: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** Absolute directory served at /images, for the local implementation. */
  readonly directory: string;
}

export function localStorage(directory: string): FileStorage {
  return {
    directory,
    async put(key, body) {
      const file = path.join(directory, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
    async remove(key) {
      await fs.rm(path.join(directory, key), { force: true });
    },
  };
}

let storage: { directory: string; files: FileStorage } | undefined;

/** The image files under DATA_DIR/images (made again if the data directory changes). */
export function imageStorage(): FileStorage {
  const directory = path.join(config().dataDir, "images");
  if (storage?.directory !== directory) storage = { directory, files: localStorage(directory) };
  return storage.files;
}
