/** The email login's way of connecting in Connect (`connect.methods`, the email method): the email field. */
export { EmailLogin } from '../../views/EmailLogin.tsx'
