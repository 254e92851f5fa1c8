/** The social login's way of connecting in Connect (`connect.methods`, the social method): the provider buttons. */
export { SocialLogin } from '../../views/SocialLogin.tsx'
