import AtriumServices
import AtriumTestSupport
import Testing

/// Checks, when each test of a suite ends, that every app it made keeps balance rows equal to
/// the balances counted from the history (`atrium verify balances`): a leave scenario that
/// leaves them apart fails where it happened.
struct BalanceRowsCheck: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    let registry = TestAppRegistry()
    try await TestAppRegistry.$current.withValue(registry) { try await function() }
    for app in registry.made {
      let report = try BalanceVerification.run(on: app.database, now: app.clock.now)
      #expect(report.differences.isEmpty, "\(report.differences.prefix(10).map(String.init(describing:)))")
    }
  }
}

extension Trait where Self == BalanceRowsCheck {
  /// Every balance kept as rows is checked against the history when each test ends.
  static var checksBalanceRows: Self { BalanceRowsCheck() }
}
