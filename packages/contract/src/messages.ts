/** Every user-facing string the product fixes word for word, written once for both sides. */
export const MESSAGES = {
  notFoundTitle: 'Page Not Found',
  notFoundText: "We couldn't find the page you're looking for.",
  errorTitle: 'Oops! Something went wrong',
  returnHome: 'Return Home',

  trackingRequired: 'Please enter a tracking number',
  trackingInvalid: 'Invalid tracking number',
  trackingNoCoordinates: 'Unable to get location coordinates. Please try again.',
  trackingError: 'Error tracking delivery',
  notAvailable: 'Not available',
  mapError: 'Error loading Google Maps',
  mapsErrorForm: 'Error loading maps',

  loginFillAll: 'Please fill in all fields',
  loginInvalidResponse: 'Invalid response from server',
  loginNoRole: 'Role information not found. Please contact support.',
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed',
  login401: 'Invalid email or password. Please try again.',
  login403: 'Your account has been locked. Please contact support.',
  login404: 'Account not found. Please check your email.',
  login429: 'Too many login attempts. Please try again later.',
  loginOther: 'Login failed. Please try again.',
  loginNoResponse: 'An unexpected error occurred. Please try again.',
  loginSubtitle: 'Access your medical logistics dashboard',

  passwordsMismatch: 'Passwords do not match',
  signup409: 'This information is already registered',
  signupServerError: 'Server error. Please try again.',
  signupNoResponse: 'Unable to reach the server. Please check your connection.',
  signupUnexpected: 'An unexpected error occurred.',
  signupFailed: 'Registration failed. Please try again.',
  signupSuccess: 'Registration successful! Please check your email for verification.',
  verifyYourEmail: 'Verify your email',

  forgotSuccess: 'If an account exists with this email, you will receive password reset instructions.',
  forgotFailed: 'Failed to request password reset',
  resetTokenMissing: 'Reset token is missing',
  resetFailed: 'An error occurred during password reset',
  resetSuccess: 'Password reset successful! You can now log in with your new password.',
  verifyTokenMissing: 'Verification token is missing',
  verifyFailed: 'Email verification failed',
  verifySuccess: 'Email verified successfully!',

  feedbackRatingRequired: 'Please select a rating before submitting',
  feedbackFailed: 'Failed to submit feedback. Please try again.',
  feedbackThanks: 'Thank you for your feedback!',

  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  optinPreferenceRequired: 'Please select at least one communication preference',
  optinFailed: 'Failed to subscribe',
  optinError: 'An error occurred. Please try again.',
  optinConsentNotice: 'By subscribing, you consent to receive SMS messages. Message & data rates may apply. Reply STOP to opt out.',
  optinAllSet: 'All set!',

  profileStatsFailed: 'Failed to load delivery statistics',
  userNotFound: 'User not found',
  pleaseLogIn: 'Please log in to view your profile',

  fillRequired: 'Please fill in all required fields',
  deliverySubmitted: 'Delivery request submitted successfully!',
  /** Booked anyway: the chosen service level is estimated to arrive after the required-by time. */
  estimateAfterRequiredBy:
    'Heads up: this delivery type is estimated to arrive after your required-by time. Choose a faster delivery type or contact us if it cannot wait.',
  deliverySubmitFailed: 'Failed to submit delivery request. Please try again.',
  deliveriesFetchFailed: 'Failed to fetch deliveries',
  deliveriesInvalidFormat: 'Invalid response format - expected array of deliveries',
  createInvalidResponse: 'Invalid response from server',
  noDeliveries: 'No deliveries found',
  dashboardFailed: 'Failed to load dashboard data',
  deliveryDetailFailed: 'Failed to fetch delivery details',
  deliveryNotFound: 'Delivery Not Found',
  labelFailed: 'Failed to generate shipping label',
  noNotifications: 'No notifications yet',
  emailReadOnly: 'Email cannot be changed here',

  profileUpdated: 'Personal information updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  newPasswordMismatch: 'New password and confirm password do not match',
  preferencesUpdated: 'Notification preferences updated successfully',
  preferencesFailed: 'Failed to update notification preferences',
  accountDeleted: 'Account deleted successfully',
  accountDeleteFailed: 'Failed to delete account',

  searchPlaceholder: 'Search deliveries...',
  marketingSavings: '32%',
} as const;

/** The session's 401 messages; they travel with the codes TOKEN_EXPIRED / TOKEN_INVALID the client acts on. */
export const AUTH_ERRORS = {
  expired: 'Token expired',
  invalid: 'Invalid token',
  missing: 'No token provided',
} as const;
