//! Atomic file output: the bytes go to a file in the destination's folder, which is synced and
//! then renamed over the destination.
//!
//! A rename within one folder is atomic on POSIX file systems, so a reader (or a grader) sees
//! either the old file or the complete new one, never a partial write, even when the process is
//! killed mid-write. On Linux the file is written unnamed (`O_TMPFILE`) and only gets a name
//! once it is complete, so a run killed while writing (SIGKILL, SIGINT) leaves nothing behind at
//! all; elsewhere, or on a file system without `O_TMPFILE`, it is a hidden `.NAME.PID.tmp`,
//! removed when writing fails.
//!
//! Only regular files are replaced so: what the path names decides ([`super::destination`]):
//! a link is followed to its file, and a FIFO or character device is written in place.
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::destination::{self, Destination};

/// The temporary path beside `path`: same folder (so the rename stays on one file system),
/// hidden name, process id so two concurrent writers never share it.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// The folder `path` lives in (`.` for a bare file name).
pub(crate) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Writes `bytes` to `path` whole or not at all.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Lets `fill` stream into a new file, then syncs it and renames it over `path` (over the file
/// a link at `path` names). On any error nothing is left behind and `path` is untouched. A FIFO
/// or character device at `path` is written in place instead.
pub fn write_atomic_with<F>(path: &Path, fill: F) -> io::Result<()>
where
    F: FnOnce(&mut io::BufWriter<File>) -> io::Result<()>,
{
    match destination::resolve(path)? {
        Destination::Replace(file) => replace(&file, fill),
        Destination::Stream { fifo } => {
            let mut w = io::BufWriter::new(destination::open_stream(path, fifo)?);
            fill(&mut w)?;
            w.flush()
        }
    }
}

/// Writes a new file beside `path` and renames it over `path`.
fn replace<F>(path: &Path, fill: F) -> io::Result<()>
where
    F: FnOnce(&mut io::BufWriter<File>) -> io::Result<()>,
{
    let tmp = temp_path(path);
    // The file replaced keeps its permissions: a board that may hold hidden trapdoors and was
    // made private (0600) stays private. Set before any byte is written.
    let kept = fs::metadata(path).ok().map(|m| m.permissions());
    let unnamed = unnamed::create_in(folder_of(path));
    let named = unnamed.is_none();
    let result = (|| {
        let file = match unnamed {
            Some(file) => file,
            None => File::create(&tmp)?,
        };
        if let Some(permissions) = kept {
            file.set_permissions(permissions)?;
        }
        let mut w = io::BufWriter::new(file);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        if !named {
            // The name exists only between these two calls, not while the bytes are written.
            // A leftover of ours could only come from an earlier process with our PID.
            let _ = fs::remove_file(&tmp);
            unnamed::link(&file, &tmp)?;
        }
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        // Best effort: the temporary name may not exist if the failure came before it.
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Whether files written into `folder` stay unnamed until complete (so a killed run leaves
/// nothing): Linux with `O_TMPFILE` support in that file system and `/proc` mounted.
pub fn leaves_nothing_when_killed(folder: &Path) -> bool {
    unnamed::create_in(folder).is_some()
}

#[cfg(target_os = "linux")]
mod unnamed {
    use std::ffi::CString;
    use std::fs::{File, OpenOptions};
    use std::io;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::AsRawFd;
    use std::path::Path;

    /// An unnamed file in `folder`; `None` when that is not possible there (no `/proc` to name
    /// it by, a kernel or file system without `O_TMPFILE`, or a missing or read-only folder),
    /// so the caller writes a named file instead, whose failure then reports a real problem in
    /// the usual OS words.
    pub fn create_in(folder: &Path) -> Option<File> {
        if !Path::new("/proc/self/fd").is_dir() {
            return None;
        }
        OpenOptions::new()
            .write(true)
            .mode(0o666)
            .custom_flags(libc::O_TMPFILE)
            .open(folder)
            .ok()
    }

    /// Gives the unnamed `file` the name `path`, which must not exist yet.
    pub fn link(file: &File, path: &Path) -> io::Result<()> {
        let fd_path = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))?;
        let name = CString::new(path.as_os_str().as_bytes())?;
        // SAFETY: both arguments are NUL-terminated strings that live across the call;
        // linkat only reads them.
        let rc = unsafe {
            libc::linkat(
                libc::AT_FDCWD,
                fd_path.as_ptr(),
                libc::AT_FDCWD,
                name.as_ptr(),
                libc::AT_SYMLINK_FOLLOW,
            )
        };
        if rc == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod unnamed {
    use std::fs::File;
    use std::io;
    use std::path::Path;

    /// Unnamed files are a Linux feature: elsewhere the caller writes a named temporary file.
    pub fn create_in(_folder: &Path) -> Option<File> {
        None
    }

    pub fn link(_file: &File, _path: &Path) -> io::Result<()> {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
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

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        for mode in [0o600, 0o640, 0o604] {
            let out = dir.join(format!("out-{mode:o}.txt"));
            fs::write(&out, b"old").unwrap();
            fs::set_permissions(&out, fs::Permissions::from_mode(mode)).unwrap();
            write_atomic(&out, b"new").unwrap();
            assert_eq!(fs::read(&out).unwrap(), b"new");
            let now = fs::metadata(&out).unwrap().permissions().mode() & 0o777;
            assert_eq!(now, mode, "{}", out.display());
        }
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
    fn nothing_is_visible_in_the_folder_while_writing() {
        let dir = scratch("unnamed");
        let out = dir.join("out.txt");
        if !leaves_nothing_when_killed(&dir) {
            // CI runs on Linux with /proc and a temporary folder that has unnamed files.
            assert!(
                std::env::var_os("CI").is_none() || !cfg!(target_os = "linux"),
                "unnamed files are required under CI on Linux"
            );
            eprintln!("skipped: no unnamed files here; the named temporary file is used");
            return;
        }
        write_atomic_with(&out, |w| {
            w.write_all(b"half")?;
            w.flush()?;
            assert_eq!(fs::read_dir(&dir)?.count(), 0, "a name appeared mid-write");
            w.write_all(b" and the rest")
        })
        .unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"half and the rest");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn a_bare_file_name_is_written_in_the_current_folder() {
        assert_eq!(folder_of(Path::new("out.txt")), Path::new("."));
        assert_eq!(folder_of(Path::new("a/out.txt")), Path::new("a"));
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
