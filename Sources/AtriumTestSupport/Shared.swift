import AtriumServices
import Synchronization

/// A value several threads of a test read and change, behind a lock.
public final class Shared<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  public init(_ value: Value) {
    storage = Mutex(value)
  }

  public var value: Value { storage.withLock { $0 } }

  public func update(_ change: (inout Value) -> Void) {
    storage.withLock { change(&$0) }
  }
}
