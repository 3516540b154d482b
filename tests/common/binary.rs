//! The railrules binary as a child process on a loopback port, spoken to over plain TCP.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Child;
use std::time::{Duration, Instant};

/// A port free on 127.0.0.1 a moment ago.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The first connection to `port` once `child` listens there; panics if it exits first or
/// does not listen within 20 s.
pub fn connect_when_listening(child: &mut Child, port: u16) -> TcpStream {
    let started = Instant::now();
    loop {
        if let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) {
            return stream;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("railrules exited before listening: {status}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "railrules did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `GET path` with the extra header lines, on a connection closed after the answer: the whole
/// response, head and body.
pub fn get(mut stream: TcpStream, path: &str, headers: &str) -> String {
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}
