/** Folders and files Till writes are its user's alone (docs/architecture.md#secrets). */
export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600
