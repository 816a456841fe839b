import AtriumAPI
import AtriumDomain
import AtriumTestSupport

extension PermissionMatrixTests {
  /// The `people` section's routes.
  static let peopleRows: [Row] = [
    Row("personPhoto", [401, 200, 200, 200, 200, 200]) { .people(.photo(id: $0.eva, size: .small)) },
    Row("updatePersonPhoto", [401, 200, 403, 403, 403, 200], body: .bytes(png, "image/png")) {
      .people(.updatePhoto(id: $0.eva))
    },
    Row("deletePersonPhoto", [401, 204, 403, 403, 403, 204]) { .people(.deletePhoto(id: $0.eva)) },
    Row("people", [401, 200, 200, 200, 200, 200]) { _ in .people(.directory(PeopleQuery())) },
    Row("person", [401, 200, 200, 200, 200, 200]) { .people(.profile(id: $0.eva)) },
    Row("updatePerson", [401, 403, 403, 403, 403, 200], body: .json(#"{"position": "Senior iOS Developer"}"#)) {
      .people(.update(id: $0.eva))
    },
    Row("createPerson", [401, 403, 403, 403, 403, 201], body: .json(newPerson)) { _ in .people(.create) },
    Row("resetPassword", [401, 403, 403, 403, 403, 200]) { .people(.resetPassword(id: $0.eva)) },
    // The matrix's server sends no mail.
    Row("invitePerson", [401, 403, 403, 403, 403, 503]) { .people(.invite(id: $0.eva)) },
    Row("erasePerson", [401, 403, 403, 403, 403, 204]) { .people(.erase(id: $0.eva)) },
    Row(
      "importPeople", [401, 403, 403, 403, 403, 200],
      body: .bytes(Array("username,email,firstName,lastName\n".utf8), "text/csv")
    ) { _ in .people(.importStaff(dryRun: true)) },
  ]
}
