//! `std::io::Read` over a Python file object (binary: bytes; text: str, sent as UTF-8).

use std::io::{self, Read};

use pyo3::exceptions::{PyException, PyOSError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

pub struct PyRead {
    file: Py<PyAny>,
    /// Bytes read from the file and not handed out yet (a str's UTF-8 can be longer than
    /// what was asked for).
    pending: Vec<u8>,
    start: usize,
}

impl PyRead {
    pub fn new(file: Py<PyAny>) -> PyRead {
        PyRead {
            file,
            pending: Vec::new(),
            start: 0,
        }
    }

    fn fill(&mut self, want: usize) -> io::Result<()> {
        Python::attach(|py| {
            let chunk = self
                .file
                .call_method1(py, "read", (want,))
                .map_err(|e| io::Error::other(read_failed(py, e)))?;
            let chunk = chunk.bind(py);
            self.pending.clear();
            self.start = 0;
            if let Ok(b) = chunk.cast::<PyBytes>() {
                self.pending.extend_from_slice(b.as_bytes());
            } else if let Ok(s) = chunk.cast::<PyString>() {
                let text = s.to_cow().map_err(|e| io::Error::other(e.to_string()))?;
                self.pending.extend_from_slice(text.as_bytes());
            } else if !chunk.is_none() {
                return Err(io::Error::other("read() returned neither bytes nor str"));
            }
            Ok(())
        })
    }
}

/// What a `read()` that raised becomes: a `BaseException` that is not an `Exception`
/// (`KeyboardInterrupt`, `SystemExit`) and an `OSError` unchanged; another exception an
/// `OSError` with its message, caused by it (`__cause__`).
fn read_failed(py: Python<'_>, e: PyErr) -> PyErr {
    if !e.is_instance_of::<PyException>(py) || e.is_instance_of::<PyOSError>(py) {
        return e;
    }
    let wrapped = PyOSError::new_err(e.to_string());
    wrapped.set_cause(py, Some(e));
    wrapped
}

impl Read for PyRead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.start >= self.pending.len() {
            self.fill(buf.len().max(1 << 16))?;
        }
        let left = &self.pending[self.start..];
        let n = left.len().min(buf.len());
        buf[..n].copy_from_slice(&left[..n]);
        self.start += n;
        Ok(n)
    }
}
