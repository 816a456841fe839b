import AtriumAPI
import AtriumHTTPTypes
import AtriumTestSupport
import Foundation
import Testing

@testable import AtriumServer
@testable import AtriumWeb

/// Issue 15 (flows 4): one profile form saves the details and the photo, and a phone's
/// full-size photo is taken.
@Suite(.checksBalanceRows) struct WebProfileFormTests {
  let app: TestApp

  init() throws {
    app = try TestApp()
  }

  /// Posts the profile form as a browser does: the fields and, when given, the file.
  func postProfile(
    _ web: WebClient, fields: [String: String], photo: [UInt8]?
  ) throws -> HTTPResponse {
    let token = try #require(WebClient.csrf(in: web.get("/profile/edit")))
    let boundary = "AtriumProfileForm"
    var body: [UInt8] = []
    for (name, value) in fields.merging(["_csrf": token], uniquingKeysWith: { $1 }) {
      body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
    }
    body +=
      Array(
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(photo == nil ? "" : "me.png")\"\r\nContent-Type: \(photo == nil ? "application/octet-stream" : "image/png")\r\n\r\n"
          .utf8) + (photo ?? []) + Array("\r\n--\(boundary)--\r\n".utf8)
    return web.send(
      "POST", "/profile/edit", headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body)
  }

  /// Eva's profile as the API gives it.
  func evasProfile() throws -> PersonProfile {
    let eva = try app.login("eva")
    return try JSONText.decode(
      PersonProfile.self, from: app.send(.people(.profile(id: eva.user.id)), token: eva.accessToken))
  }

  @Test func theLowerSaveKeepsAChosenPhotoWithTheDetails() throws {
    let web = WebClient(app)
    web.signIn("eva")
    #expect(web.get("/profile/edit").text.components(separatedBy: "action=\"/profile/").count == 2, "one form")
    let photo = Picture.noise(width: 1600, height: 1300)
    #expect(photo.count > 5 << 20, "a phone-sized photo over the old 5 MB limit: \(photo.count) bytes")
    let saved = try postProfile(web, fields: ["phone": "+34 600 111 222", "bio": "Swift"], photo: photo)
    #expect(saved.status == 303, "\(saved.text.prefix(300))")
    let me = try evasProfile()
    #expect(me.phone == "+34 600 111 222" && me.bio == "Swift")
    #expect(me.photoURL.contains("&v="), "the photo was saved with the details")
    #expect(web.get("/profile/edit").text.contains("Profile saved."))

    // Without a file, the photo stays as it was.
    let again = try postProfile(web, fields: ["phone": "+34 600 111 333", "bio": "Swift"], photo: nil)
    #expect(again.status == 303)
    let after = try evasProfile()
    #expect(after.photoURL == me.photoURL && after.phone == "+34 600 111 333")
  }

  @Test func aRefusedDetailChangesNothingAndTheLimitIsSaid() throws {
    let web = WebClient(app)
    web.signIn("eva")
    #expect(web.get("/profile/edit").text.contains("up to 20 MB"))
    let refused = try postProfile(
      web, fields: ["phone": "call me", "bio": ""], photo: Picture.halves(width: 64, height: 64, format: .png))
    #expect(refused.status == 400 && refused.text.contains("id=\"phone-error\""))
    let me = try evasProfile()
    #expect(!me.photoURL.contains("&v="), "the photo was not saved either")
  }
}
