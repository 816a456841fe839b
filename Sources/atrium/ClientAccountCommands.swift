import AtriumClient
import AtriumMessages
import Foundation

/// Account commands: `atrium password forgot` (no session) asks the server for a reset link by
/// mail, and `atrium account delete` deletes the signed-in account, each through the SDK's view
/// model as an app would.
enum ClientAccountCommands {
  typealias Exit = ClientCommands.Exit

  /// - Parameter server: The server of the last sign-in, used when none is given.
  @MainActor
  static func password(_ options: Options, server remembered: String, environment: [String: String]) async throws {
    let language = ClientCommands.language(environment: environment)
    guard options.positional == ["forgot"] else {
      throw Exit(code: 2, message: CommandLineText.passwordUsage.text(in: language))
    }
    guard let server = options.value("server") ?? environment["ATRIUM_SERVER"] ?? remembered.nonEmpty else {
      throw Exit(code: 2, message: CommandLineText.giveTheServer.text(in: language))
    }
    let model = ForgotPasswordViewModel(server: server, language: language)
    model.emailChanged(
      try options.value("email")
        ?? ClientCommands.prompt(CommandLineText.emailPrompt.text(in: language), language: language))
    await model.sendTapped()
    let state = model.state
    if let error = state.serverError { throw Exit(code: 2, message: error) }
    if let error = state.error { throw Exit(code: state.isOffline ? 5 : 4, message: error) }
    print(state.sentMessage ?? "")
  }

  /// Says what goes and what stays, asks the e-mail and password, and deletes the account;
  /// the saved session and this computer's cache go with it.
  @MainActor
  static func account(
    _ options: Options, _ session: ClientSession, _ cache: ClientCache, _ language: ClientLanguage
  ) async throws {
    guard options.positional == ["delete"] else {
      throw Exit(code: 2, message: CommandLineText.accountUsage.text(in: language))
    }
    let model = DeleteAccountViewModel(session: session, cache: cache, language: language)
    print(model.state.explanation)
    model.emailChanged(
      try options.value("email")
        ?? ClientCommands.prompt(CommandLineText.emailPrompt.text(in: language), language: language))
    model.passwordChanged(
      options.flag("password-stdin")
        ? (readLine(strippingNewline: true) ?? "")
        : try ClientCommands.secret(CommandLineText.passwordPrompt.text(in: language), language: language))
    await model.deleteTapped()
    let state = model.state
    let refusal = [state.emailError.map { "email: \($0)" }, state.passwordError.map { "password: \($0)" }, state.error]
      .compactMap { $0 }
    if !refusal.isEmpty { throw Exit(code: state.isOffline ? 5 : 4, message: refusal.joined(separator: "; ")) }
    print(state.deletedMessage ?? "")
  }
}
