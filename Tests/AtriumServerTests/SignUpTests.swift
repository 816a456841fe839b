import AtriumAPI
import AtriumHTTPTypes
import AtriumServices
import AtriumStore
import AtriumTestSupport
import Foundation
import Testing

/// Issue 17: self sign-up, off until an admin opens it to the company's mail domains. The same
/// answer and the same work (one outbox row) for a new and a known address; the account works
/// once its address is confirmed by mail.
@Suite(.serialized) struct SignUpTests {
  let sink: SMTPSink
  let app: TestApp
  let mail: MailSettings
  let ana: String

  init() throws {
    (sink, mail, app) = try TestApp.mailing()
    ana = try app.login("ana").accessToken
  }

  func open() throws {
    let eva = try app.login("eva").user
    let opened = app.send(
      .company(.updateSignUpSettings),
      json:
        #"{"domains": ["@Atrium-Demo.example"], "departmentId": "\#(eva.department.id)", "locationId": "\#(eva.location.id)"}"#,
      token: ana)
    #expect(opened.status == 200, "\(opened.text)")
  }

  func signUp(_ email: String, password: String = "nora-long-password-1", language: String = "en") -> HTTPResponse {
    app.send(
      .auth(.signUp),
      json:
        #"{"email": "\#(email)", "password": "\#(password)", "firstName": "Nora", "lastName": "Vidal", "phone": "+34 600 111 222"}"#,
      headers: [("Accept-Language", language)])
  }

  func send() throws { _ = try MailSender(environment: app.environment, mail: mail, holder: "a").sendDue() }

  func outbox() throws -> [OutboxStore.Row] { try app.database.read { try OutboxStore($0).rows() } }

  @Test func closedUntilAnAdminOpensIt_andOnlyForItsDomains() throws {
    #expect(signUp("nora@atrium-demo.example").status == 403)
    let settings = try JSONText.decode(SignUpSettingsBody.self, from: app.send(.company(.signUpSettings), token: ana))
    #expect(settings.domains.isEmpty)
    let missing = app.send(.company(.updateSignUpSettings), json: #"{"domains": ["atrium-demo.example"]}"#, token: ana)
    #expect(missing.status == 422, "where new people start is required")
    let bad = app.send(.company(.updateSignUpSettings), json: #"{"domains": ["not a domain"]}"#, token: ana)
    #expect(bad.problem?.errors?.first?.field == "domains")
    try open()
    #expect(
      try JSONText.decode(SignUpSettingsBody.self, from: app.send(.company(.signUpSettings), token: ana)).domains == [
        "atrium-demo.example"
      ])
    let other = signUp("nora@gmail.example", language: "es")
    #expect(other.status == 400 && other.problem?.errors?.first?.field == "email")
    #expect(other.problem?.errors?.first?.message == "debe ser una dirección de @atrium-demo.example")
    let weak = signUp("nora@atrium-demo.example", password: "password")
    #expect(weak.status == 400 && weak.problem?.errors?.first?.field == "password")
    #expect(try outbox().isEmpty, "a refused sign-up writes nothing")
  }

  @Test func aNewAddressConfirmsByMailAndThenSignsIn_andAKnownOneGetsTheSameAnswer() throws {
    try open()
    let new = signUp("Nora@atrium-demo.example")
    let known = signUp("eva@atrium-demo.example")
    #expect(new.status == 202 && known.status == 202)
    #expect(new.text.replacingOccurrences(of: "nora", with: "eva") == known.text, "the same answer")
    #expect(try outbox().count == 2, "the same work: one row each")

    // Before confirming: the right password is told to confirm first, a wrong one learns nothing.
    let early = app.send(
      "POST", "/api/v1/auth/login", json: #"{"username": "nora", "password": "nora-long-password-1"}"#)
    #expect(early.status == 403 && early.problem?.detail?.hasPrefix("Confirm your address first") == true)
    let wrong = app.send("POST", "/api/v1/auth/login", json: #"{"username": "nora", "password": "not-hers-at-all"}"#)
    #expect(wrong.status == 401)
    #expect(
      app.send(.people(.directory(PeopleQuery(text: "Nora"))), token: ana).text.contains("Vidal") == false,
      "not in the directory yet")

    try send()
    let mails = try sink.waitForMails(2)
    let toEva = try #require(mails.first { $0.recipients == ["eva@atrium-demo.example"] })
    #expect(toEva.subject == "You already have an Atrium account")
    #expect(toEva.text?.contains("your username is eva") == true)
    let toNora = try #require(mails.first { $0.recipients == ["nora@atrium-demo.example"] })
    #expect(toNora.subject == "Confirm your account at Atrium Demo S.L.'s Atrium")
    let path = try #require(
      toNora.text?.firstMatch(of: /https:\/\/atrium\.example\.com(\/sign-up\/confirm\/[A-Za-z0-9_-]+)/)
    ).1

    let web = WebClient(app)
    let unconfirmed = web.signIn("nora", "nora-long-password-1")
    #expect(unconfirmed.status == 403 && unconfirmed.text.contains("Confirm your address first"))
    #expect(unconfirmed.text.contains(#"<a href="/sign-up#resend">Send the link again</a>"#))
    #expect(web.get(String(path)).text.contains("Confirm my address"))
    let confirmed = web.post(String(path), from: String(path))
    #expect(confirmed.status == 303 && confirmed.headers["Location"] == "/")
    #expect(web.get("/").text.contains("Nora"), "signed in")
    #expect(WebClient(app).get(String(path)).status == 409, "the link works once")
    let tokens = try app.login("nora@atrium-demo.example", password: "nora-long-password-1")
    #expect(tokens.user.username == "nora" && tokens.user.role == .employee)
    let profile = try JSONText.decode(
      PersonProfile.self, from: app.send(.people(.profile(id: tokens.user.id)), token: ana))
    #expect(profile.manager == nil && profile.phone == "+34 600 111 222")
  }

  @Test func theLinkIsSentAgain_andANeverConfirmedAccountGoes() throws {
    try open()
    #expect(signUp("nora@atrium-demo.example").status == 202)
    let again = app.send(.auth(.resendSignUp), json: #"{"email": "nora@atrium-demo.example"}"#)
    let unknown = app.send(.auth(.resendSignUp), json: #"{"email": "nobody@atrium-demo.example"}"#)
    #expect(again.status == 202 && unknown.status == 202)
    #expect(try outbox().count == 3)
    try send()
    #expect(try sink.waitForMails(2).filter { $0.recipients == ["nora@atrium-demo.example"] }.count == 2)

    app.clock.advance(by: 2 * 86_400 + 60)
    app.app.runHousekeeping()
    #expect(try app.database.read { try PeopleStore($0).employee(username: "nora") } == nil)
    #expect(signUp("nora@atrium-demo.example").status == 202, "the address is free again")
  }

  @Test func theHourlyLimitsHold() throws {
    try open()
    for _ in 0..<5 { _ = app.send(.auth(.resendSignUp), json: #"{"email": "eva@atrium-demo.example"}"#) }
    let limited = app.send(.auth(.resendSignUp), json: #"{"email": "eva@atrium-demo.example"}"#)
    #expect(limited.status == 429 && limited.headers["Retry-After"] != nil)
  }

  @Test func theWebAdminOpensItAndTheWebFormAsksAndAnswersAlike() throws {
    let visitor = WebClient(app)
    #expect(!visitor.get("/sign-in").text.contains("/sign-up"), "closed: not offered")
    #expect(visitor.get("/sign-up").status == 403)

    let admin = WebClient(app)
    admin.signIn("ana")
    let eva = try app.login("eva").user
    let page = admin.get("/admin/company").text
    #expect(page.contains(#"id="sign-up""#))
    let saved = admin.submit(
      "/admin/company/sign-up", from: "/admin/company",
      [
        "domains": "atrium-demo.example, @example.org", "departmentId": eva.department.id,
        "locationId": eva.location.id,
      ])
    #expect(saved.status == 200 && saved.text.contains(#"value="atrium-demo.example, example.org""#))

    #expect(visitor.get("/sign-in").text.contains(#"<a href="/sign-up">Create an account</a>"#))
    let form = visitor.get("/sign-up")
    #expect(form.text.contains("For people with an address at @atrium-demo.example, @example.org."))
    let fields = ["password": "nora-long-password-1", "firstName": "Nora", "lastName": "Vidal"]
    let badPhone = visitor.post(
      "/sign-up", from: "/sign-up", fields.merging(["email": "nora@example.org", "phone": "600 111 222"]) { $1 })
    #expect(badPhone.status == 400 && badPhone.text.contains(#"id="phone-error" role="alert""#))
    #expect(badPhone.text.contains(#"value="nora@example.org""#) && !badPhone.text.contains("nora-long-password-1"))
    let new = visitor.post(
      "/sign-up", from: "/sign-up", fields.merging(["email": "nora@example.org", "phone": "+34 600 111 222"]) { $1 })
    let known = visitor.post(
      "/sign-up", from: "/sign-up",
      fields.merging(["email": "eva@atrium-demo.example", "phone": "+34 600 111 222"]) { $1 })
    #expect(new.status == 200 && known.status == 200)
    #expect(new.text.contains("Check your mail: a link to confirm your address is on its way to nora@example.org"))
    #expect(
      new.text.replacingOccurrences(of: "nora@example.org", with: "eva@atrium-demo.example") == known.text,
      "the same page for a new and a known address")
    let forged = WebClient(app).send("POST", "/sign-up", form: ["email": "x@example.org"])
    #expect(forged.status == 403, "the form repeats its page's value")
  }
}
