//! Accepting connections so that idle or slow clients cannot stop the server: a client must
//! send a request's headers within a time limit (hyper's header-read timeout, also while a
//! kept-alive connection waits for its next request), one remote address may hold only so many
//! connections at once (loopback is not limited: the server's own machine can do anything to it
//! anyway), and the process may open as many files as its hard limit allows (the usual soft
//! limit of 1,024 was reached by 1,100 idle connections).

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::connect_info::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tower::Service;

/// How long a client has to send a request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections one remote address may hold open at once (a browser opens about six, plus a
/// WebSocket per game it shows).
pub const CONNECTIONS_PER_ADDRESS: usize = 64;

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
    pub fn new(per_address: usize) -> Arc<ConnectionLimit> {
        Arc::new(ConnectionLimit {
            open: Mutex::new(HashMap::new()),
            per_address,
        })
    }

    /// Admits a connection from `ip`, or `None` when that address holds its share already.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Admitted> {
        if ip.is_loopback() {
            return Some(Admitted {
                limit: self.clone(),
                ip: None,
            });
        }
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
/// address (`ConnectInfo`), as `axum::serve` with connect info gives it.
pub async fn serve(listener: TcpListener, app: Router, header_timeout: Duration) -> io::Result<()> {
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
        let Some(admitted) = limit.admit(remote.ip()) else {
            continue; // dropped: closed at once
        };
        tokio::spawn(connection(
            stream,
            remote,
            app.clone(),
            header_timeout,
            admitted,
        ));
    }
}

async fn connection(
    stream: tokio::net::TcpStream,
    remote: SocketAddr,
    app: Router,
    header_timeout: Duration,
    admitted: Admitted,
) {
    let place = ConnectionPlace(Arc::new(admitted));
    let service = hyper::service::service_fn(move |mut req: Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(remote));
        req.extensions_mut().insert(place.clone());
        let mut app = app.clone();
        async move { app.call(req).await }
    });
    let served = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    let _ = served.await;
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
}
