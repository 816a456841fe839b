import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumImages
import AtriumServices
import AtriumStore
import AtriumTestSupport
import AtriumWeb
import Foundation
import Testing

@testable import AtriumServer

@Suite(.checksBalanceRows) struct WebPageTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func everyPageRoundTripsThroughItsAddress() {
    for page in WebPage.examples {
      let (path, query) = QueryString.split(target: page.href)
      #expect(WebPage(method: page.method.rawValue, path: path, query: query) == page, "\(page)")
    }
    #expect(WebPage(method: "GET", path: "/sign-in", query: ["next": "//evil.example"]) == .account(.signIn(next: nil)))
    #expect(WebPage(method: "GET", path: "/nowhere", query: [:]) == nil)
    #expect(WebPage(method: "POST", path: "/approvals/x/delete", query: [:]) == nil)
  }

  @Test func signingInSetsASafeCookieAndAWrongPasswordStaysOnTheForm() {
    let browser = WebClient(app)
    let wrong = browser.signIn("eva", "nope")
    #expect(wrong.status == 401)
    #expect(wrong.text.contains("Wrong username or password."))
    #expect(browser.cookies[WebSessions.cookieName] == nil)
    let ok = browser.signIn("eva")
    #expect(ok.status == 303)
    #expect(ok.headers["Location"] == "/")
    let cookie = ok.headers.values("Set-Cookie").first { $0.hasPrefix(WebSessions.cookieName) } ?? ""
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
    #expect(browser.get("/").status == 200)

    // Signing out ends the session: the old cookie signs nobody in.
    let saved = browser.cookies
    #expect(browser.post("/sign-out", from: "/").status == 303)
    browser.cookies = saved
    #expect(browser.get("/").status == 303)
  }

  @Test func aSignInFormWithoutItsTokenIsRefused() {
    let browser = WebClient(app)
    _ = browser.get("/sign-in")
    let forged = browser.send(
      "POST", "/sign-in", form: ["_csrf": "guess", "username": "eva", "password": "atrium-demo"])
    #expect(forged.status == 403)
    #expect(browser.cookies[WebSessions.cookieName] == nil)
  }

  @Test func pagesNeedASessionAndSendTheirSecurityHeaders() {
    let browser = WebClient(app)
    let away = browser.get("/time-off?year=2026")
    #expect(away.status == 303)
    #expect(away.headers["Location"] == "/sign-in?next=%2Ftime-off")
    browser.signIn("eva")
    let page = browser.get("/time-off")
    #expect(page.status == 200)
    let policy = page.headers["Content-Security-Policy"] ?? ""
    #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"))
    #expect(!policy.contains("unsafe-inline"))
    #expect(page.headers["X-Content-Type-Options"] == "nosniff")
    #expect(page.headers["Referrer-Policy"] == "same-origin")
    #expect(page.headers["Cache-Control"] == "no-store")
    #expect(!page.text.contains("style=\"") && !page.text.contains("onclick"))
    let css = browser.get(WebPage.assets(.stylesheet).href)
    #expect(css.headers["Cache-Control"] == "public, max-age=31536000, immutable")
    #expect(browser.get("/nowhere").status == 404)
  }

  @Test func formsWithoutTheCSRFTokenChangeNothing() throws {
    let browser = WebClient(app)
    browser.signIn("eva")
    let forged = browser.send("POST", "/posts", form: ["text": "forged", "_csrf": "x"])
    #expect(forged.status == 403)
    #expect(!browser.get("/").text.contains("forged"))
    let posted = browser.post("/posts", from: "/", ["text": "<script>alert(1)</script> hello"])
    #expect(posted.status == 303)
    let home = browser.get("/").text
    #expect(home.contains("&lt;script&gt;alert(1)&lt;/script&gt; hello"))
    #expect(!home.contains("<script>alert(1)"))
  }

  @Test func theAPIAcceptsTheCookieWithItsCSRFHeader() throws {
    let browser = WebClient(app)
    browser.signIn("eva")
    #expect(browser.get("/api/v1/me").status == 200)
    let token = try #require(WebClient.csrf(in: browser.get("/")))
    let json = [("Content-Type", "application/json")]
    #expect(browser.send("POST", "/api/v1/posts", headers: json).status == 403)
    let body = #"{"text": "from the page"}"#
    let created = app.app.respondNow(
      to: HTTPRequest(
        method: "POST", target: "/api/v1/posts",
        headers: HTTPHeaders([
          ("Content-Type", "application/json"), ("X-CSRF-Token", token),
          ("Cookie", "\(WebSessions.cookieName)=\(browser.cookies[WebSessions.cookieName] ?? "")"),
        ]), body: Array(body.utf8), remoteAddress: "127.0.0.1"))
    #expect(created.status == 201)
  }

  @Test func theTimeOffFormPreviewsThenSends() throws {
    let browser = WebClient(app)
    browser.signIn("eva")
    let form = ["start": "2026-04-06", "end": "2026-04-08", "startHalf": "full", "endHalf": "full", "note": ""]
    let preview = browser.post("/time-off/requests", from: "/time-off", form.merging(["intent": "preview"]) { $1 })
    #expect(preview.status == 200)
    #expect(preview.text.contains("This request takes 3 working days."))
    #expect(!browser.get("/time-off").text.contains("data-status=\"pending\""), "a preview asks for nothing")
    let sent = browser.post("/time-off/requests", from: "/time-off", form.merging(["intent": "send"]) { $1 })
    #expect(sent.status == 303)
    let page = browser.get("/time-off").text
    #expect(page.contains("data-status=\"pending\""))
    #expect(page.contains("<dd id=\"pending\">3</dd>"))
    let bad = browser.post(
      "/time-off/requests", from: "/time-off",
      ["start": "2026-04-10", "end": "2026-04-06", "intent": "send"])
    #expect(bad.status == 400)
    #expect(bad.text.contains("must not be before start"))
  }

  @Test func approvalsAreForDecidersOnly() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let refused = eva.get("/approvals")
    #expect(refused.status == 403)
    #expect(refused.text.contains("Not allowed"))
    #expect(!eva.get("/").text.contains("href=\"/approvals\""), "no menu entry either")
    let request = eva.post(
      "/time-off/requests", from: "/time-off", ["start": "2026-04-06", "end": "2026-04-06", "intent": "send"])
    #expect(request.status == 303)
    let id = try #require(
      eva.get("/time-off").text.firstMatch(of: /id="request-([0-9a-f-]+)"/).map { String($0.1) })
    #expect(eva.post("/approvals/\(id)/approve", from: "/").status == 403)

    let mario = WebClient(app)
    mario.signIn("mario")
    #expect(mario.get("/approvals").text.contains("Eva Fernández"))
    #expect(mario.post("/approvals/\(id)/approve", from: "/approvals").status == 303)
    #expect(eva.get("/time-off").text.contains("data-status=\"approved\""))
    #expect(mario.post("/approvals/\(id)/approve", from: "/approvals").status == 409, "already decided")
  }

  @Test func everyLinkAndFormOnEveryPageIsARealAddress() throws {
    for username in ["eva", "mario", "ana"] {
      let browser = WebClient(app)
      browser.signIn(username)
      for page in [
        "/", "/time-off", "/board", "/approvals", "/approvals?status=all", "/team", "/company", "/settings",
        "/profile/edit", "/calendar", "/password", "/admin", "/admin/people", "/admin/people/new", "/admin/places",
        "/admin/company", "/admin/feeds", "/admin/audit", "/admin/leave", "/admin/import",
      ] {
        let html = browser.get(page).text
        for match in html.matches(of: /(href|action|src)="([^"]+)"/) {
          let attribute = String(match.1)
          let target = String(match.2).replacingOccurrences(of: "&amp;", with: "&")
          guard target.hasPrefix("/"), target != "#content" else { continue }
          let (path, query) = QueryString.split(target: target)
          if AtriumApp.isAPI(path) {
            #expect((try? Route(method: "GET", path: path, query: query)) != nil, "\(username) \(page): \(target)")
          } else {
            // Forms post, except the search form, which gets.
            let methods = attribute == "action" ? ["POST", "GET"] : ["GET"]
            #expect(
              methods.contains { WebPage(method: $0, path: path, query: query) != nil },
              "\(username) \(page): \(target)")
          }
        }
      }
    }
  }

  @Test func theLanguageFollowsTheBrowserUntilThePersonChoosesOne() throws {
    let browser = WebClient(app)
    browser.language = "es-ES,es;q=0.9"
    #expect(browser.get("/sign-in").text.contains("Iniciar sesión"))
    browser.signIn("eva")
    #expect(browser.get("/time-off").text.contains("<h1>Vacaciones</h1>"))
    let token = try app.login("eva").accessToken
    _ = app.send(.settings(.update), json: #"{"language": "en"}"#, token: token)
    #expect(browser.get("/time-off").text.contains("<h1>Time off</h1>"))
  }
}

@Suite(.checksBalanceRows) struct WebSectionTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  @Test func theTeamDirectorySearchesAndShowsTimeOffOnlyToDeciders() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let all = eva.get("/team").text
    #expect(all.contains("Mario López") && all.contains("Lucía Martín"))
    let found = eva.get("/team?query=jose").text
    #expect(!found.contains("Lucía Martín"), "the search narrows the list")
    let marioID = try #require(
      all.firstMatch(of: /href="\/team\/([0-9a-f-]+)"[^>]*>.{0,200}Mario López/).map { String($0.1) })
    let evaID = try #require(
      all.firstMatch(of: /href="\/team\/([0-9a-f-]+)"[^>]*>.{0,200}Eva Fernández/).map { String($0.1) })
    let marioPage = eva.get("/team/\(marioID)").text
    #expect(marioPage.contains("mailto:"))
    #expect(!marioPage.contains("/team/\(marioID)/time-off"), "eva does not decide about mario")
    #expect(eva.get("/team/\(marioID)/time-off").status == 404)

    let mario = WebClient(app)
    mario.signIn("mario")
    let evaPage = mario.get("/team/\(evaID)").text
    #expect(evaPage.contains("href=\"/team/\(evaID)/time-off\""))
    let timeOff = mario.get("/team/\(evaID)/time-off?year=2026")
    #expect(timeOff.status == 200)
    #expect(timeOff.text.contains("id=\"remaining\""))
  }

  @Test func editingTheProfileShowsErrorsNextToTheirFields() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let saved = eva.post("/profile/edit", from: "/profile/edit", ["phone": "+34 600 111 222", "bio": "Swift & coffee"])
    #expect(saved.status == 303, "Back and Reload do not send the form again")
    let after = eva.get("/profile/edit").text
    #expect(after.contains("<p class=\"flash\" role=\"status\">Profile saved.</p>"))
    #expect(after.contains("Swift &amp; coffee"))
    let bad = eva.post("/profile/edit", from: "/profile/edit", ["phone": "call me maybe", "bio": ""])
    #expect(bad.status == 400)
    #expect(bad.text.contains("id=\"phone-error\""))
  }

  @Test func aPhotoUploadedFromTheFormIsUsedEverywhere() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let token = try #require(WebClient.csrf(in: eva.get("/profile/edit")))
    let boundary = "AtriumBoundary42"
    func multipart(_ file: [UInt8]) -> [UInt8] {
      Array(
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(token)\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n\r\n"
          .utf8) + file + Array("\r\n--\(boundary)--\r\n".utf8)
    }
    func upload(_ file: [UInt8]) -> HTTPResponse {
      app.app.respondNow(
        to: HTTPRequest(
          method: "POST", target: "/profile/photo",
          headers: HTTPHeaders([
            ("Content-Type", "multipart/form-data; boundary=\(boundary)"),
            ("Cookie", "\(WebSessions.cookieName)=\(eva.cookies[WebSessions.cookieName] ?? "")"),
          ]), body: multipart(file), remoteAddress: "127.0.0.1"))
    }
    let refused = upload(Array("not an image".utf8))
    #expect(refused.status == 415)
    #expect(refused.text.contains("id=\"photo-error\""))
    let done = upload(Picture.halves(width: 200, height: 200, format: .png))
    #expect(done.status == 303)
    #expect(eva.get("/").text.contains("photo?size=96&amp;v="), "the header shows the new photo")
  }

  @Test func settingsSwitchTheLanguageAndRotateTheCalendarLink() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    let before = eva.get("/settings").text
    let feed = try #require(before.firstMatch(of: /id="feed-url" value="([^"]+)"/).map { String($0.1) })
    let spanish = eva.submit(
      "/settings", from: "/settings",
      ["language": "es", "leaveDecisions.mail": "on", "approvalsWaiting.mail": "on", "approvalsWaiting.digest": "on"])
    #expect(spanish.text.contains("<h1>Ajustes</h1>"))
    #expect(spanish.text.contains("<p class=\"flash\" role=\"status\">Guardado.</p>"), "said in the language chosen")
    #expect(eva.get("/").text.contains("lang=\"es\""))
    #expect(eva.post("/settings/calendar", from: "/settings").status == 303)
    let after = eva.get("/settings").text
    #expect(!after.contains(feed), "the old calendar address is replaced")
    func isTicked(_ field: String) -> Bool {
      after.range(of: #"name="\#(field)" value="on" aria-label="[^"]+" checked"#, options: .regularExpression) != nil
    }
    // What was ticked stays ticked, and an unticked box is off.
    #expect(isTicked("leaveDecisions.mail") && isTicked("approvalsWaiting.digest"))
    #expect(!isTicked("leaveDecisions.board") && !isTicked("companyNotices.push"))
    #expect(after.contains(#"aria-label="Solicitudes que esperan mi decisión: Resumen diario""#))
    #expect(!after.contains(#"name="leaveDecisions.digest""#), "no digest where the kind offers none")
  }

  @Test func theCompanyPageAndARequestInContext() throws {
    let eva = WebClient(app)
    eva.signIn("eva")
    #expect(eva.get("/company").text.contains("Atrium Demo S.L."))
    _ = eva.post(
      "/time-off/requests", from: "/time-off", ["start": "2026-05-04", "end": "2026-05-05", "intent": "send"])
    let id = try #require(eva.get("/time-off").text.firstMatch(of: /id="request-([0-9a-f-]+)"/).map { String($0.1) })
    #expect(eva.get("/approvals/\(id)").status == 403)
    let mario = WebClient(app)
    mario.signIn("mario")
    let detail = mario.get("/approvals/\(id)")
    #expect(detail.status == 200)
    #expect(detail.text.contains("Eva Fernández") && detail.text.contains("days left this year"))
    #expect(detail.text.contains("action=\"/approvals/\(id)/approve\""))
  }
}

@Suite(.checksBalanceRows) struct WebBoardTests {
  @Test func adminsWriteCompanyNoticesFromTheBoard() throws {
    let app = try TestApp()
    let eva = WebClient(app)
    eva.signIn("eva")
    #expect(!eva.get("/board").text.contains("notice-title"), "no form for employees")
    #expect(eva.post("/board", from: "/board", ["title": "Mine", "body": "x"]).status == 403)

    let ana = WebClient(app)
    ana.signIn("ana")
    let board = ana.get("/board").text
    #expect(board.contains("id=\"notice-title\""))
    let refused = ana.post("/board", from: "/board", ["title": "", "body": "x", "audience": "everyone"])
    #expect(refused.status == 400)
    #expect(refused.text.contains("role=\"alert\""))
    let posted = ana.post(
      "/board", from: "/board", ["title": "Summer hours", "body": "From **June**", "audience": "everyone"])
    #expect(posted.status == 303)
    let evaBoard = eva.get("/board").text
    #expect(evaBoard.contains("Summer hours") && evaBoard.contains("<strong>June</strong>"))
    #expect(eva.get("/").text.contains("class=\"badge\""))
  }
}

@Suite(.checksBalanceRows) struct WebPasswordTests {
  @Test func aTemporaryPasswordMustBeChangedBeforeAnythingElse() throws {
    let app = try TestApp()
    let ana = try app.login("ana")
    let eva = try app.login("eva")
    let created = app.send(
      .people(.create),
      json: #"""
        {"username": "nuria", "email": "nuria@atrium-demo.example", "firstName": "Nuria", "lastName": "Gómez",
         "departmentId": "\#(eva.user.department.id)", "locationId": "\#(eva.user.location.id)"}
        """#, token: ana.accessToken)
    let temporary = try JSONText.decode(CreatedPerson.self, from: created).temporaryPassword
    let nuria = WebClient(app)
    #expect(nuria.signIn("nuria", temporary).status == 303)
    let home = nuria.get("/time-off")
    #expect(home.status == 303 && home.headers["Location"] == "/password")
    let page = nuria.get("/password")
    #expect(page.text.contains("temporary password"))
    let wrong = nuria.post(
      "/password", from: "/password", ["current": "guess", "new": "my-own-password", "repeat": "my-own-password"])
    #expect(wrong.status == 422)
    #expect(wrong.text.contains("id=\"current-error\""))
    let short = nuria.post("/password", from: "/password", ["current": temporary, "new": "abc", "repeat": "abc"])
    #expect(short.status == 400)
    #expect(short.text.contains("id=\"new-error\""))
    let changed = nuria.post(
      "/password", from: "/password", ["current": temporary, "new": "my-own-password", "repeat": "my-own-password"])
    #expect(changed.status == 303)
    #expect(nuria.get("/time-off").status == 200, "the new session works")
    let other = WebClient(app)
    #expect(other.signIn("nuria", "my-own-password").status == 303)
  }
}
