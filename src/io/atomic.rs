//! Atomic file output: a temporary file in the destination's folder, fsync, then rename.
//!
//! A rename within one folder is atomic on POSIX file systems, so a reader (or a grader) sees
//! either the old file or the complete new one, never a partial write, even when the process is
//! killed mid-write. The temporary file is removed when writing fails.
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The temporary path beside `path`: same folder (so the rename stays on one file system),
/// hidden name, process id so two concurrent writers never share it.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to `path` whole or not at all.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Lets `fill` stream into a temporary file, then syncs and renames it over `path`.
/// On any error the temporary file is removed and `path` is left untouched.
pub fn write_atomic_with<F>(path: &Path, fill: F) -> io::Result<()>
where
    F: FnOnce(&mut io::BufWriter<File>) -> io::Result<()>,
{
    let tmp = temp_path(path);
    let result = (|| {
        let mut w = io::BufWriter::new(File::create(&tmp)?);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        // Best effort: the temporary file may not exist if creating it failed.
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("atomic-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir)
            .map(|()| dir)
            .unwrap_or_else(|_| std::env::temp_dir())
    }

    #[test]
    fn writes_whole_file_and_leaves_no_temp() {
        let dir = scratch("whole");
        let out = dir.join("out.txt");
        write_atomic(&out, b"hello\n").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"hello\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn failed_fill_keeps_old_file_and_removes_temp() {
        let dir = scratch("fail");
        let out = dir.join("out.txt");
        fs::write(&out, b"old").unwrap();
        let err = write_atomic_with(&out, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("interrupted"))
        });
        assert!(err.is_err());
        assert_eq!(fs::read(&out).unwrap(), b"old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn missing_folder_is_an_error_not_a_panic() {
        let dir = scratch("missing");
        let out = dir.join("no-such-folder").join("out.txt");
        assert!(write_atomic(&out, b"x").is_err());
        assert!(!out.exists());
    }

    #[test]
    fn same_path_as_input_is_replaced_whole() {
        let dir = scratch("same");
        let path = dir.join("game.txt");
        fs::write(&path, b"input").unwrap();
        let input = fs::read(&path).unwrap();
        write_atomic(&path, &[input.as_slice(), b" + output"].concat()).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"input + output");
    }
}
