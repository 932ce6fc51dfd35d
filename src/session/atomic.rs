//! Atomic file replacement: write a temporary file beside the target, flush it to disk, then
//! rename it over the target. A crash or a full disk leaves the old file intact.

use std::io::Write;
use std::path::Path;

/// Replaces `path` with `bytes` atomically. The parent directory is created if missing, so a
/// session can be saved under a build folder that does not exist yet.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir)?;
    let file_name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the path names no file"))?
        .to_string_lossy()
        .into_owned();
    // The process id keeps two craig processes saving side by side from sharing a temp file.
    let temp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
