import AtriumServices
import Foundation
import Synchronization

/// A socket descriptor with exactly one owner, closed exactly once.
///
/// A descriptor closed twice is a descriptor closed once too many: between the two closes the
/// number can be handed to another part of the process (libmicrohttpd's internal eventfd, once),
/// and the second close takes it away from its new owner. Test support therefore never calls
/// `close` on a raw number: it wraps the number here and lets this type close it.
public final class OwnedSocket: Sendable {
  /// The descriptor, or -1 once closed.
  private let state: Mutex<Int32>

  /// Takes ownership of `descriptor`; the caller must not close it any more.
  public init(_ descriptor: Int32) {
    state = Mutex(descriptor)
  }

  /// A new TCP socket, or nil when the system gives none.
  public static func tcp(ipv6: Bool = false) -> OwnedSocket? {
    let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    return descriptor >= 0 ? OwnedSocket(descriptor) : nil
  }

  /// The descriptor for system calls; -1 once closed, so a late call fails with `EBADF`
  /// instead of reaching whichever file now has the number.
  public var descriptor: Int32 { state.withLock { $0 } }

  /// Ends both directions, waking any thread blocked on the socket, without giving the
  /// number back: the thread that is woken finds the same socket, now shut.
  public func shutdown() {
    state.withLock { descriptor in
      if descriptor >= 0 { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
  }

  /// Closes the socket the first time; later calls do nothing.
  public func close() {
    let descriptor = state.withLock { descriptor -> Int32 in
      defer { descriptor = -1 }
      return descriptor
    }
    if descriptor >= 0 { _ = Glibc.close(descriptor) }
  }

  deinit {
    close()
  }
}
