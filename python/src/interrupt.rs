//! Ctrl-C during a long call: the binding's long loops (perft, reading PGN) ask the
//! interpreter every so often whether a signal came (`Python::check_signals`), and stop with
//! the exception its handler raised (`KeyboardInterrupt` for Ctrl-C).

use std::io::{self, Read};

use pyo3::prelude::*;

/// Bytes read between two checks.
const CHECK_EVERY_BYTES: u64 = 1 << 20;

/// Runs the handlers of the signals that came since the last check (from any thread: the
/// interpreter runs them only on its main thread); the exception one raised, if any.
pub fn check() -> PyResult<()> {
    Python::attach(|py| py.check_signals())
}

/// A reader that checks for signals every [`CHECK_EVERY_BYTES`]; the exception a handler
/// raised comes out as an I/O error holding it, which becomes that exception again at the
/// boundary (see `errors::from_io`).
pub struct Interruptible<R> {
    inner: R,
    unchecked: u64,
}

impl<R> Interruptible<R> {
    pub fn new(inner: R) -> Interruptible<R> {
        Interruptible {
            inner,
            unchecked: 0,
        }
    }
}

impl<R: Read> Read for Interruptible<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.unchecked >= CHECK_EVERY_BYTES {
            self.unchecked = 0;
            check().map_err(io::Error::other)?;
        }
        let n = self.inner.read(buf)?;
        self.unchecked += n as u64;
        Ok(n)
    }
}
