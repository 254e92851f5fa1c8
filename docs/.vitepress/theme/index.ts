import DefaultTheme from 'vitepress/theme'
import './custom.css'

/** VitePress's default theme with the site's colours (custom.css). */
export default DefaultTheme
