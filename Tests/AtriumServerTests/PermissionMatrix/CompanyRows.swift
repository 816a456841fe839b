import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `company` section's routes.
  static let companyRows: [Row] = [
    Row("company", [401, 200, 200, 200, 200, 200]) { _ in .company(.show) },
    Row("updateCompany", [401, 403, 403, 403, 403, 200], body: .json(#"{"name": "Atrium S.L."}"#)) { _ in
      .company(.update)
    },
    Row("audit", [401, 403, 403, 403, 403, 200]) { _ in .company(.audit(.first)) },
    Row("signUpSettings", [401, 403, 403, 403, 403, 200]) { _ in .company(.signUpSettings) },
    Row("updateSignUpSettings", [401, 403, 403, 403, 403, 200], body: .json(#"{"domains": []}"#)) { _ in
      .company(.updateSignUpSettings)
    },
  ]
}
