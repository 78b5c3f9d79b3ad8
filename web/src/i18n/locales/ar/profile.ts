import type { Translation } from '../translation';

/** Arabic `profile.*` strings. */
export const profile: Translation<'ar'>['profile'] = {
  details: 'البيانات الشخصية',
  email: 'البريد الإلكتروني',
  username: 'اسم المستخدم',
  accountType: 'نوع الحساب',
  name: 'الاسم',
  phone: 'الهاتف',
  telegram: 'تيليجرام',
  telegramHint: 'اسم المستخدم في تيليجرام، مثل ‎@yourname',
  language: 'اللغة',
  timezone: 'المنطقة الزمنية',
  timezones: {
    Default: 'الافتراضية (UTC)',
    Malaysia: 'ماليزيا (UTC+8)',
    India: 'الهند (UTC+5:30)',
    Vietnam: 'فيتنام (UTC+7)',
    Thailand: 'تايلاند (UTC+7)',
    Brazil: 'البرازيل (UTC−3)',
    Australia: 'أستراليا (UTC+10)',
  },
  memberSince: 'عضو منذ',
  alerts: {
    title: 'التنبيهات بالبريد',
    text: 'اختر التنبيهات التي تصلك بالبريد الإلكتروني.',
    kinds: {
      approvals_waiting: {
        label: 'طلبات بانتظار موافقتي',
        hint: 'ملخص واحد كل 15 دقيقة على الأكثر، يذكر الطلبات الجديدة التي يمكنك الموافقة عليها.',
      },
      gateway_health: {
        label: 'سلامة البوابات',
        hint: 'عندما تطلق قاعدة سلامة تنبيهًا على بوابة دفع أو توقفها.',
      },
      notify_failing: {
        label: 'إشعارات فاشلة',
        hint: 'عندما تفشل الإشعارات إلى رابط الإشعارات لديك لأكثر من ساعة؛ مرة واحدة في اليوم على الأكثر.',
      },
      support_answered: {
        label: 'الرد على طلب دعم',
        hint: 'عندما يرد فريق الدعم على أحد طلباتك.',
      },
      team_changed: {
        label: 'تغيّر فريق الإدارة',
        hint: 'عند دعوة مسؤول، أو تغيّر وحداته أو حالته، أو تغيّر قاعدة المصادقة الثنائية للفريق.',
      },
    },
    securityAlwaysOn:
      'تُرسل تنبيهات الأمان دائمًا ولا يمكن إيقافها: تسجيل دخول من عنوان جديد، تغيير كلمة المرور، إيقاف المصادقة الثنائية، إنشاء مفتاح API أو تجديده أو إلغاؤه.',
  },
};
