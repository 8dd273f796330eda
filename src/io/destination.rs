//! What an output path names, and so how it may be written. Only a regular file (or a new name)
//! is replaced by a new file renamed over it; a symbolic link is followed, so the file it points
//! to is replaced and the link stays; a FIFO or a character device (`/dev/null`, `/dev/full`, a
//! terminal) is written in place and never replaced — renaming a file over `/dev/null` as root
//! would replace it for the whole system. A block device or a socket is refused.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// How an output path is written.
#[derive(Debug, PartialEq, Eq)]
pub enum Destination {
    /// A regular file or a name not yet taken (after following symbolic links): a new file is
    /// written beside it and renamed over it.
    Replace(PathBuf),
    /// A FIFO or a character device: written in place, through the path as given.
    Stream {
        /// It is a FIFO (a reader may be waiting on it).
        fifo: bool,
    },
}

/// Symbolic links followed before giving up, as the kernel's own limit (`ELOOP`).
const MAX_LINKS: usize = 40;

/// Decides how `path` is written. Problems the write itself would report in the OS's words (a
/// missing folder, no permission) are left to it: such a path is `Replace(path)`.
pub fn resolve(path: &Path) -> io::Result<Destination> {
    match fs::metadata(path) {
        Ok(meta) => from_type(path, meta.file_type()),
        // A new name, or a link the kernel followed to a name not there yet.
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            follow_dangling(path).map(Destination::Replace)
        }
        // A link the kernel would not follow (a loop; a link of another user in a sticky
        // folder under `fs.protected_symlinks`): refused in its words, neither followed by
        // hand (which would get round the protection) nor replaced.
        Err(e) if is_link(path) => Err(e),
        Err(_) => Ok(Destination::Replace(path.to_path_buf())),
    }
}

#[cfg(unix)]
fn from_type(path: &Path, t: fs::FileType) -> io::Result<Destination> {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() || t.is_char_device() {
        return Ok(Destination::Stream { fifo: t.is_fifo() });
    }
    if t.is_block_device() || t.is_socket() {
        return Err(io::Error::other(
            "not a regular file: a block device or socket is never written to",
        ));
    }
    replace_through_links(path)
}

#[cfg(not(unix))]
fn from_type(path: &Path, _t: fs::FileType) -> io::Result<Destination> {
    replace_through_links(path)
}

/// A regular file (or a folder, whose write fails in the OS's words): the file a link points to.
fn replace_through_links(path: &Path) -> io::Result<Destination> {
    Ok(Destination::Replace(if is_link(path) {
        fs::canonicalize(path)?
    } else {
        path.to_path_buf()
    }))
}

fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// A path that does not exist yet, or a chain of links ending in a name that does not: the name
/// the new file gets (the link's target, so the link then points to it).
fn follow_dangling(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&p)?;
                p = if target.is_absolute() {
                    target
                } else {
                    super::atomic::folder_of(&p).join(target)
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Opens a FIFO or character device for writing. A FIFO nobody reads would block the open
/// forever: it is opened without blocking, which fails at once when there is no reader.
pub fn open_stream(path: &Path, fifo: bool) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true);
    #[cfg(target_os = "linux")]
    if fifo {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| {
        if fifo && e.raw_os_error() == Some(6) {
            // ENXIO: the FIFO has no reader.
            io::Error::other("no process is reading this FIFO")
        } else {
            e
        }
    })?;
    #[cfg(target_os = "linux")]
    if fifo {
        blocking(&file)?;
    }
    Ok(file)
}

/// Writes to an opened FIFO block again (a reader slower than us is waited for).
#[cfg(target_os = "linux")]
fn blocking(file: &fs::File) -> io::Result<()> {
    use std::os::unix::io::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own; F_GETFL/F_SETFL read and set its status flags only.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dest-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn new_names_and_regular_files_are_replaced_where_they_are() {
        let dir = scratch("plain");
        let out = dir.join("out");
        assert_eq!(resolve(&out).unwrap(), Destination::Replace(out.clone()));
        fs::write(&out, b"x").unwrap();
        assert_eq!(resolve(&out).unwrap(), Destination::Replace(out.clone()));
    }

    #[test]
    fn links_are_followed_to_the_file_they_name_even_when_it_is_missing() {
        let dir = scratch("links");
        let target = dir.join("target");
        let link = dir.join("link");
        let chain = dir.join("chain");
        std::os::unix::fs::symlink("target", &link).unwrap();
        std::os::unix::fs::symlink(&link, &chain).unwrap();
        assert_eq!(
            resolve(&chain).unwrap(),
            Destination::Replace(target.clone())
        );
        fs::write(&target, b"x").unwrap();
        let real = fs::canonicalize(&target).unwrap();
        assert_eq!(resolve(&chain).unwrap(), Destination::Replace(real));
    }

    #[test]
    fn a_link_loop_is_an_error() {
        let dir = scratch("loop");
        std::os::unix::fs::symlink("b", dir.join("a")).unwrap();
        std::os::unix::fs::symlink("a", dir.join("b")).unwrap();
        assert!(resolve(&dir.join("a")).is_err());
    }

    #[test]
    fn devices_are_streamed_to() {
        assert_eq!(
            resolve(Path::new("/dev/null")).unwrap(),
            Destination::Stream { fifo: false }
        );
    }
}
