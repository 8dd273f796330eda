//! Printing for the command line that never panics.
//!
//! `println!` panics when standard output is a closed pipe (`chessrules … | head -1`) or a full
//! disk. These macros write the same text, and on failure end the program the way command-line
//! users expect: a closed pipe means the reader has all it wants, so the program stops quietly
//! with exit code 0 (as ripgrep does); any other write error is reported on standard error and
//! ends the program with the I/O exit code 3.
use std::fmt;
use std::io::{self, Write};
use std::process;

/// Exit code for an I/O error (docs/guide.md, "Exit codes").
const IO_ERROR: i32 = 3;

/// Writes one formatted piece to standard output, ending the program if that is impossible.
pub fn to_stdout(args: fmt::Arguments, newline: bool) {
    let mut out = io::stdout().lock();
    let written = out
        .write_fmt(args)
        .and_then(|()| {
            if newline {
                out.write_all(b"\n")
            } else {
                Ok(())
            }
        })
        .and_then(|()| out.flush());
    if let Err(e) = written {
        drop(out);
        stop_on_write_error(&e, "standard output");
    }
}

/// Writes one formatted piece to standard error, ending the program if that is impossible.
pub fn to_stderr(args: fmt::Arguments, newline: bool) {
    let mut err = io::stderr().lock();
    let written = err.write_fmt(args).and_then(|()| {
        if newline {
            err.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = written {
        drop(err);
        stop_on_write_error(&e, "standard error");
    }
}

/// True when `e` (or anything it was caused by) is a closed pipe.
pub fn is_closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn stop_on_write_error(e: &io::Error, stream: &str) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        process::exit(0);
    }
    // Standard error may be the stream that failed: this report is best effort.
    let _ = writeln!(io::stderr(), "error: cannot write to {stream}: {e}");
    process::exit(IO_ERROR);
}

/// `print!` that never panics (see the module documentation).
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::output::to_stdout(format_args!($($arg)*), false) };
}

/// `println!` that never panics (see the module documentation).
macro_rules! outln {
    () => { $crate::cli::output::to_stdout(format_args!(""), true) };
    ($($arg:tt)*) => { $crate::cli::output::to_stdout(format_args!($($arg)*), true) };
}

/// `eprint!` that never panics (see the module documentation).
macro_rules! err {
    ($($arg:tt)*) => { $crate::cli::output::to_stderr(format_args!($($arg)*), false) };
}

/// `eprintln!` that never panics (see the module documentation).
macro_rules! errln {
    () => { $crate::cli::output::to_stderr(format_args!(""), true) };
    ($($arg:tt)*) => { $crate::cli::output::to_stderr(format_args!($($arg)*), true) };
}
