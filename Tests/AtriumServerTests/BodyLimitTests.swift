import AtriumAPI
import AtriumServer
import AtriumTestSupport
import AtriumWeb
import Testing

/// The engine asks for a request's body limit before its body arrives; the server routes only
/// POST, PUT and PATCH for it and gives every other method the standard limit. That is right
/// only while no other method has an endpoint or page with another limit.
@Suite(.checksBalanceRows) struct BodyLimitTests {
  @Test func onlyBodyMethodsHaveALimitOtherThanTheStandardOne() {
    for route in Route.examples where route.rules.bodyLimit != .standard {
      #expect(["POST", "PUT", "PATCH"].contains(route.method.rawValue), "\(route.name)")
    }
    for page in WebPage.examples where page.rules.bodyLimit != .standard {
      #expect(["POST", "PUT", "PATCH"].contains(page.method.rawValue), "\(page)")
    }
  }

  @Test func anUploadKeepsItsLargerLimit_andAReadOfTheSamePathTheStandardOne() throws {
    let app = try TestApp(seedDemo: false).app
    #expect(app.bodyLimit(method: "PUT", path: Route.me(.updatePhoto).path) == 20 << 20)
    #expect(app.bodyLimit(method: "GET", path: Route.me(.updatePhoto).path) == 1 << 20)
    #expect(app.bodyLimit(method: "DELETE", path: Route.me(.updatePhoto).path) == 1 << 20)
  }
}
