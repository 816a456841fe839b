import AtriumAPI
import AtriumDomain
import AtriumSQL
import AtriumTestSupport
import Foundation
import Testing

/// The `facilities` permission: granted by an admin beside the role, listed in the user
/// object, audited, and gone with an erased account.
@Suite(.checksBalanceRows) struct PermissionGrantTests {
  let app: TestApp

  init() throws { app = try TestApp() }

  func me(_ username: String) throws -> User {
    try JSONText.decode(User.self, from: app.send(.me(.show), token: try app.login(username).accessToken))
  }

  @Test func anAdminGrantsFacilities_itIsInTheUserObject_andAuditedOnItsOwn() throws {
    let ana = try app.login("ana").accessToken
    let eva = try me("eva")
    #expect(eva.permissions.isEmpty)
    let granted = app.send(.people(.update(id: eva.id)), json: #"{"permissions": ["facilities"]}"#, token: ana)
    #expect(granted.status == 200, "\(granted.text)")
    #expect(try me("eva").permissions == [.facilities])
    #expect(try app.login("eva").user.permissions == [.facilities], "and in the sign-in's user")
    let audit = try JSONText.decode(Page<AuditEntry>.self, from: app.send(.company(.audit(.first)), token: ana))
    #expect(audit.items.contains { $0.action == "person.permissions" && $0.targetId == eva.id })
    // Another change leaves them be; an empty list takes them back.
    #expect(app.send(.people(.update(id: eva.id)), json: #"{"position": "QA"}"#, token: ana).status == 200)
    #expect(try me("eva").permissions == [.facilities])
    #expect(app.send(.people(.update(id: eva.id)), json: #"{"permissions": []}"#, token: ana).status == 200)
    #expect(try me("eva").permissions.isEmpty)
  }

  @Test func anUnknownPermissionChangesNothing_andOnlyAnAdminGrants() throws {
    let ana = try app.login("ana").accessToken
    let eva = try me("eva")
    let unknown = app.send(.people(.update(id: eva.id)), json: #"{"permissions": ["hr", "facilities"]}"#, token: ana)
    #expect(unknown.status == 400 && unknown.problem?.errors?.first?.field == "permissions")
    #expect(try me("eva").permissions.isEmpty)
    let mario = try app.login("mario").accessToken
    let byManager = app.send(.people(.update(id: eva.id)), json: #"{"permissions": ["facilities"]}"#, token: mario)
    #expect(byManager.status == 403)
    #expect(try me("eva").permissions.isEmpty)
  }

  @Test func anErasedPersonKeepsNoPermission() throws {
    let ana = try app.login("ana").accessToken
    let eva = try me("eva")
    _ = app.send(.people(.update(id: eva.id)), json: #"{"permissions": ["facilities"]}"#, token: ana)
    #expect(app.send(.people(.erase(id: eva.id)), token: ana).status == 204)
    let kept = try app.database.read {
      try $0.queryFirst("SELECT permissions FROM employees WHERE id = ?", .text(eva.id))?.string("permissions")
    }
    #expect(kept == "")
  }
}
