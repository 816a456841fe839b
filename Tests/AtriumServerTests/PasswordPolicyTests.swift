import AtriumAPI
import AtriumDomain
import AtriumServices
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer

/// Issue 15 (first sign-in 10): one password policy wherever a password is set — a company
/// minimum (8 unless changed, 6 at least), no common password, a repeated field on the web.
@Suite(.checksBalanceRows) struct PasswordPolicyTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  func change(_ new: String, language: String = "en") throws -> HTTPResponseSummary {
    let eva = try app.login("eva")
    let response = app.send(
      .me(.changePassword), json: JSONText.encode(PasswordChange(current: "atrium-demo", new: new)),
      token: eva.accessToken, headers: [("Accept-Language", language)])
    return HTTPResponseSummary(status: response.status, errors: response.problem?.errors ?? [])
  }

  struct HTTPResponseSummary {
    let status: Int
    let errors: [FieldError]
  }

  @Test func theListHoldsTenThousandPasswords() {
    #expect(CommonPasswords.count == 10_000)
    #expect(CommonPasswords.contains("password") && CommonPasswords.contains("123456"))
  }

  @Test func aCommonOrShortPasswordIsRefusedWithTheReason() throws {
    let common = try change("Password")
    #expect(common.status == 400)
    #expect(common.errors.first?.field == "new")
    #expect(common.errors.first?.message == "is one of the most used passwords, easy to guess; choose another")
    let short = try change("zq8vfk", language: "es")
    #expect(short.status == 400 && short.errors.first?.message == "debe tener de 8 a 128 caracteres")
    #expect(try change("zq8vfk-window").status == 200)
  }

  @Test func anAdminSetsTheMinimum() throws {
    let ana = try app.login("ana").accessToken
    #expect(app.send(.company(.update), json: #"{"passwordMinimumLength": 5}"#, token: ana).status == 400)
    let saved = app.send(.company(.update), json: #"{"passwordMinimumLength": 6}"#, token: ana)
    #expect(try JSONText.decode(CompanyBody.self, from: saved).passwordMinimumLength == 6)
    #expect(try change("zq8vfk").status == 200, "six characters are enough now")
  }

  @Test func theWebFormAsksTwiceAndSaysWhyInSentences() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let page = eva.get("/password").text
    #expect(page.contains("New password (at least 8 characters)") && page.contains("id=\"repeat\""))
    let mistyped = eva.post(
      "/password", from: "/password", ["current": "atrium-demo", "new": "zq8vfk-window", "repeat": "zq8vfk-widow"])
    #expect(mistyped.status == 400 && mistyped.text.contains("The two new passwords are not the same."))
    let same = eva.post(
      "/password", from: "/password", ["current": "atrium-demo", "new": "atrium-demo", "repeat": "atrium-demo"])
    #expect(same.status == 400 && same.text.contains("Choose a password different from the current one."))
    let common = eva.post(
      "/password", from: "/password", ["current": "atrium-demo", "new": "iloveyou", "repeat": "iloveyou"])
    #expect(common.text.contains("This is one of the most used passwords, easy to guess; choose another."))
    #expect(
      eva.post(
        "/password", from: "/password", ["current": "atrium-demo", "new": "zq8vfk-window", "repeat": "zq8vfk-window"]
      )
      .status == 303)
  }
}
