import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A client socket to a server on 127.0.0.1, for tests that speak HTTP by hand.
public enum LoopbackSocket {
    /// A socket connected to 127.0.0.1:`port` whose reads give up after `seconds`, so a server
    /// that never answers fails a test instead of hanging it; nil when nothing accepts.
    public static func connect(port: Int, readTimeout seconds: Int = Int(BusyMachine.requestTimeout)) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            return nil
        }
        return socket
    }
}
