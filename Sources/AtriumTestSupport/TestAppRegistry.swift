import Synchronization

/// The apps a test made, for checks that run when it ends (a test trait reads them): each
/// `TestApp` adds itself to the registry of the task that made it, when there is one.
public final class TestAppRegistry: Sendable {
  private let apps = Mutex<[TestApp]>([])

  public init() {}

  /// The registry of the running test, set by a trait around its body.
  @TaskLocal public static var current: TestAppRegistry?

  func add(_ app: TestApp) { apps.withLock { $0.append(app) } }

  /// Every app made meanwhile, first made first.
  public var made: [TestApp] { apps.withLock { $0 } }
}
