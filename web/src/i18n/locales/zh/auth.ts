import type { Translation } from '../../translation';

/** Chinese (Simplified) `auth.*` strings. */
export const auth: Translation['auth'] = {
  welcome: '欢迎回来！',
  signInSubtitle: '登录以继续使用管理后台。',
  email: '邮箱',
  emailPlaceholder: '请输入邮箱',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  showPassword: '显示密码',
  signIn: '登录',
  signingIn: '登录中…',
  otpTitle: '两步验证',
  otpText: '请输入身份验证器应用中的 6 位验证码，或您的任一恢复码。',
  otpCode: '验证码',
  verify: '验证',
  newPasswordTitle: '设置新密码',
  newPasswordText: '为了您的安全，请先设置新密码再继续。',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  passwordsDiffer: '两次输入的密码不一致。',
  updatePassword: '更新密码',
  noChallenge: '此步骤已过期或尚未开始，请重新登录。',
  otpSetupTitle: '双重身份验证',
  otpSetupText:
    '双重身份验证需在登录后于账户中设置：打开“安全”，选择“设置”，扫描二维码并确认验证码。',
  loginIpTitle: '登录 IP 白名单',
  loginIpText:
    '您的账户仅接受来自白名单 IP 地址的登录。如果当前地址被拒绝，请联系您的客户经理添加，或从白名单地址登录后在“个人资料”中添加。',
};
