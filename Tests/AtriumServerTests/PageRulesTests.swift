import AtriumAPI
import AtriumServer
import AtriumTestSupport
import AtriumWeb
import Testing

@Suite(.checksBalanceRows) struct PageRulesTests {
  @Test func onlySigningInOrUpAForgottenPasswordAnInvitationUnsubscribingAndTheAssetsNeedNoSession() {
    let open = Set(WebPage.examples.filter { $0.rules.access == .anyone })
    #expect(
      open == [
        .account(.signIn(next: nil)), .account(.signIn(next: "/board")), .account(.submitSignIn),
        .account(.forgotPassword), .account(.requestReset), .account(.chooseNewPassword(token: "t1")),
        .account(.resetPassword(token: "t1")), .account(.invitation(token: "t1")),
        .account(.acceptInvitation(token: "t1")), .account(.unsubscribe(token: "t1")),
        .account(.confirmUnsubscribe(token: "t1")), .account(.signUp), .account(.submitSignUp),
        .account(.resendSignUp), .account(.confirmSignUp(token: "t1")), .account(.completeSignUp(token: "t1")),
        .account(.confirmEmail(token: "t1")), .account(.completeEmail(token: "t1")),
        .assets(.stylesheet), .assets(.script), .assets(.serviceWorker),
      ])
  }

  @Test func aTemporaryPasswordLeadsOnlyToChangingItOrSigningOut() {
    let allowed = Set(
      WebPage.examples.filter { $0.rules.access == .signedIn && $0.rules.beforePasswordChange == .allowed })
    #expect(allowed == [.account(.password), .account(.changePassword), .account(.signOut)])
  }

  @Test func theEngineReadsEachPagesBodyLimitBeforeTheBody() throws {
    let app = try TestApp(seedDemo: false).app
    #expect(app.bodyLimit(method: "POST", path: WebPage.profile(.uploadPhoto).path) == 21 << 20)
    #expect(app.bodyLimit(method: "POST", path: WebPage.profile(.save).path) == 21 << 20)
    #expect(app.bodyLimit(method: "POST", path: WebPage.admin(.runImport).path) == 10 << 20)
    #expect(app.bodyLimit(method: "POST", path: WebPage.settings(.save).path) == 1 << 20)
    #expect(app.bodyLimit(method: "PUT", path: Route.me(.updatePhoto).path) == 20 << 20)
    #expect(app.bodyLimit(method: "POST", path: "/nowhere") == 1 << 20)
  }
}
