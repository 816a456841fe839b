/// How long the one-time links Atrium mails for an account work: long enough to reach the mail,
/// short enough that an old mail in an inbox cannot be used to take the account.
public enum AccountLinkRules {
  /// A forgotten password's link.
  public static let passwordResetMinutes = 60
  /// An invitation's link (a new person may read it only on their first day).
  public static let invitationDays = 7
  /// A sign-up's confirmation link; an account still unconfirmed after it is removed.
  public static let signUpConfirmationDays = 2
  /// A new address's confirmation link.
  public static let emailChangeHours = 24
}
