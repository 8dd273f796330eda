//! Accepting connections so that idle or slow clients cannot stop the server: a client must
//! send a request's headers within a time limit (hyper's header-read timeout, also while a
//! kept-alive connection waits for its next request) and the whole of its body within another
//! (counted from when the headers arrived), a write the client does not take (it never reads
//! its responses or its WebSocket) fails after a time without progress, one remote address may
//! hold only so many connections at once (loopback is not limited: the server's own machine can
//! do anything to it anyway; IPv6 counts by /64, see `super::address`), and the process may open
//! as many files as its hard limit allows (the usual soft limit of 1,024 was reached by 1,100
//! idle connections).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::connect_info::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;
use tower::Service;

use super::address;

/// How long a client has to send a request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client has to send a request's whole body once its headers arrived. The largest
/// body the server takes is a board file of 64 KiB in JSON: a fraction of a second on any
/// network a game is played over.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a write to a client may wait without any progress (the client reads nothing: its
/// receive window and our send buffer are full). Slow reading does not keep a connection
/// either: the kernel reports progress only once a good part of the buffer is free again.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections one remote address may hold open at once (a browser opens about six, plus a
/// WebSocket per game it shows).
pub const CONNECTIONS_PER_ADDRESS: usize = 64;

/// The time limits a connection is held to.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// To send a request's headers.
    pub header: Duration,
    /// To send its body, after the headers.
    pub body: Duration,
    /// To take a response or a WebSocket message the server writes.
    pub write: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            header: HEADER_TIMEOUT,
            body: BODY_TIMEOUT,
            write: WRITE_TIMEOUT,
        }
    }
}

/// Open connections per remote address.
pub struct ConnectionLimit {
    open: Mutex<HashMap<IpAddr, usize>>,
    per_address: usize,
}

/// A request's share of its connection's place in the per-address count: a WebSocket keeps
/// it for as long as it is open (the HTTP connection itself ends when it is upgraded).
#[derive(Clone)]
pub struct ConnectionPlace(#[allow(dead_code)] Arc<Admitted>);

/// One admitted connection; its address's count goes down when it is dropped.
pub struct Admitted {
    limit: Arc<ConnectionLimit>,
    ip: Option<IpAddr>,
}

impl ConnectionLimit {
    /// At most `per_address` connections from one address (an IPv6 /64) at once.
    pub fn new(per_address: usize) -> Arc<ConnectionLimit> {
        Arc::new(ConnectionLimit {
            open: Mutex::new(HashMap::new()),
            per_address,
        })
    }

    /// Admits a connection from `ip`, or `None` when that address (its IPv6 /64) holds its
    /// share already.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Admitted> {
        if address::is_local(ip) {
            return Some(Admitted {
                limit: self.clone(),
                ip: None,
            });
        }
        let ip = address::limit_key(ip);
        let mut open = self.open.lock().ok()?;
        let n = open.entry(ip).or_insert(0);
        if *n >= self.per_address {
            return None;
        }
        *n += 1;
        Some(Admitted {
            limit: self.clone(),
            ip: Some(ip),
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let Some(ip) = self.ip else { return };
        if let Ok(mut open) = self.limit.open.lock() {
            if let Some(n) = open.get_mut(&ip) {
                *n -= 1;
                if *n == 0 {
                    open.remove(&ip);
                }
            }
        }
    }
}

/// Serves `app` on `listener` until the process ends. Each request carries the client's
/// address (`ConnectInfo`, IPv4-mapped addresses as IPv4), as `axum::serve` with connect info
/// gives it.
pub async fn serve(listener: TcpListener, app: Router, timeouts: Timeouts) -> io::Result<()> {
    let limit = ConnectionLimit::new(CONNECTIONS_PER_ADDRESS);
    loop {
        let (stream, remote) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of file descriptors, or a connection that died in the queue: keep
                // serving the others (as axum does), after a pause that lets some close.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let remote = SocketAddr::new(address::normalised(remote.ip()), remote.port());
        let Some(admitted) = limit.admit(remote.ip()) else {
            continue; // dropped: closed at once
        };
        tokio::spawn(connection(stream, remote, app.clone(), timeouts, admitted));
    }
}

async fn connection(
    stream: TcpStream,
    remote: SocketAddr,
    app: Router,
    timeouts: Timeouts,
    admitted: Admitted,
) {
    let place = ConnectionPlace(Arc::new(admitted));
    let service = hyper::service::service_fn(move |req: Request<Incoming>| {
        let mut req = req.map(|body| DeadlineBody::new(body, timeouts.body));
        req.extensions_mut().insert(ConnectInfo(remote));
        req.extensions_mut().insert(place.clone());
        let mut app = app.clone();
        async move { app.call(req).await }
    });
    let served = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header)
        .serve_connection(
            TokioIo::new(WriteDeadline::new(stream, timeouts.write)),
            service,
        )
        .with_upgrades();
    let _ = served.await;
}

/// A request body that fails once its deadline passes before it is all read: the handler
/// reading it gets an error (and answers 400), the connection is then closed, since hyper
/// gives up on a body nobody reads to its end.
struct DeadlineBody {
    inner: Incoming,
    deadline: Pin<Box<Sleep>>,
}

impl DeadlineBody {
    fn new(inner: Incoming, within: Duration) -> DeadlineBody {
        DeadlineBody {
            inner,
            deadline: Box::pin(tokio::time::sleep(within)),
        }
    }
}

impl Body for DeadlineBody {
    type Data = Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        if this.deadline.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Some(Err("the request body was not sent in time".into())));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The client's socket, whose writes fail when they make no progress for a while: a client
/// that reads nothing (neither its responses nor its WebSocket) loses the connection instead of
/// holding it, and its place, for good. Also under upgraded connections (WebSockets).
struct WriteDeadline {
    stream: TcpStream,
    within: Duration,
    /// Running while a write waits for the client.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl WriteDeadline {
    fn new(stream: TcpStream, within: Duration) -> WriteDeadline {
        WriteDeadline {
            stream,
            within,
            stalled: None,
        }
    }

    /// The outcome of a write (or flush) the socket answered with `polled`.
    fn timed<T>(
        &mut self,
        polled: Poll<io::Result<T>>,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<T>> {
        if polled.is_ready() {
            self.stalled = None;
            return polled;
        }
        let within = self.within;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(within)));
        if stalled.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took nothing of what was written to it",
            )));
        }
        Poll::Pending
    }
}

impl AsyncRead for WriteDeadline {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteDeadline {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.timed(polled, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.timed(polled, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.stream).poll_flush(cx);
        self.timed(polled, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.stream).poll_shutdown(cx);
        self.timed(polled, cx)
    }
}

/// Raises the soft limit on open files to the hard limit (a no-op where it is as high already,
/// or off Linux).
pub fn raise_open_file_limit() {
    #[cfg(target_os = "linux")]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read or write the struct we pass, nothing else.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0
                && limit.rlim_cur < limit.rlim_max
            {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_remote_address_holds_its_share_and_loopback_any() {
        let limit = ConnectionLimit::new(2);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "198.51.100.7".parse().unwrap();
        let first = limit.admit(a).unwrap();
        let second = limit.admit(a).unwrap();
        assert!(limit.admit(a).is_none());
        assert!(limit.admit(b).is_some());
        drop(first);
        let third = limit.admit(a);
        assert!(third.is_some());
        drop((second, third));
        assert!(limit.open.lock().unwrap().is_empty());
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        let held: Vec<_> = (0..100).filter_map(|_| limit.admit(local)).collect();
        assert_eq!(held.len(), 100);
    }

    /// One IPv6 /64 is one client; an IPv4 client through a dual-stack listener is that IPv4
    /// client, and loopback stays free when it arrives IPv4-mapped.
    #[test]
    fn ipv6_counts_by_64_and_mapped_ipv4_is_ipv4() {
        let limit = ConnectionLimit::new(2);
        let one: IpAddr = "2001:db8:0:7::1".parse().unwrap();
        let same_64: IpAddr = "2001:db8:0:7:abcd::99".parse().unwrap();
        let other_64: IpAddr = "2001:db8:0:8::1".parse().unwrap();
        let _a = limit.admit(one).unwrap();
        let _b = limit.admit(same_64).unwrap();
        assert!(limit.admit("2001:db8:0:7::3".parse().unwrap()).is_none());
        assert!(limit.admit(other_64).is_some());
        let v4: IpAddr = "192.0.2.1".parse().unwrap();
        let mapped: IpAddr = "::ffff:192.0.2.1".parse().unwrap();
        let _c = limit.admit(v4).unwrap();
        let _d = limit.admit(mapped).unwrap();
        assert!(limit.admit(v4).is_none());
        let local: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        let held: Vec<_> = (0..100).filter_map(|_| limit.admit(local)).collect();
        assert_eq!(held.len(), 100);
    }
}
