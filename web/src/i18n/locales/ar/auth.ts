import type { Translation } from '../../translation';

/** Arabic `auth.*` strings. */
export const auth: Translation['auth'] = {
  welcome: 'مرحبًا بعودتك!',
  signInSubtitle: 'سجّل الدخول للمتابعة إلى لوحة الإدارة.',
  email: 'البريد الإلكتروني',
  emailPlaceholder: 'أدخل بريدك الإلكتروني',
  password: 'كلمة المرور',
  passwordPlaceholder: 'أدخل كلمة المرور',
  showPassword: 'إظهار كلمة المرور',
  signIn: 'تسجيل الدخول',
  signingIn: 'جارٍ تسجيل الدخول…',
  otpTitle: 'التحقق بخطوتين',
  otpText: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة، أو أحد رموز الاسترداد.',
  otpCode: 'رمز التحقق',
  verify: 'تحقّق',
  newPasswordTitle: 'تعيين كلمة مرور جديدة',
  newPasswordText: 'حفاظًا على أمانك، اختر كلمة مرور جديدة قبل المتابعة.',
  newPassword: 'كلمة المرور الجديدة',
  confirmPassword: 'تأكيد كلمة المرور الجديدة',
  passwordsDiffer: 'كلمتا المرور غير متطابقتين.',
  updatePassword: 'تحديث كلمة المرور',
  noChallenge: 'انتهت صلاحية هذه الخطوة أو لم تبدأ. يُرجى تسجيل الدخول مرة أخرى.',
  otpSetupTitle: 'المصادقة الثنائية',
  otpSetupText:
    'تُعَدّ المصادقة الثنائية من حسابك بعد تسجيل الدخول: افتح صفحة الأمان، واختر إعداد، وامسح رمز QR، ثم أكّد رمزًا.',
  loginIpTitle: 'عنوان IP المسموح به لتسجيل الدخول',
  loginIpText:
    'يقبل حسابك تسجيل الدخول من عناوين IP المدرجة في القائمة البيضاء فقط. إذا رُفض هذا العنوان، فاطلب من مدير حسابك إضافته، أو سجّل الدخول من عنوان مسموح به وأضفه من الملف الشخصي.',
};
